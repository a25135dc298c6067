/*
 * qemu-tensix qtests: helpers shared by several tests
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TT_QTEST_UTIL_H
#define TT_QTEST_UTIL_H

#include "libqtest.h"
#include "qobject/qdict.h"
#include "qobject/qlist.h"
#include "qobject/qnum.h"

/* @key of what QMP command @cmd returns, copied into @buf ("" if absent) */
static inline const char *tt_qmp_status(QTestState *qts, const char *cmd,
                                        const char *key, char *buf,
                                        size_t len)
{
    QDict *resp = qtest_qmp(qts, "{ 'execute': %s }", cmd);
    QDict *ret = qdict_get_qdict(resp, "return");

    g_assert(ret);
    g_strlcpy(buf, qdict_haskey(ret, key) ? qdict_get_str(ret, key) : "",
              len);
    qobject_unref(resp);
    return buf;
}

/* QOM property @prop of @path, a list of exactly @n integers, into @out */
static inline void tt_qom_get_u32_list(QTestState *qts, const char *path,
                                       const char *prop, uint32_t *out,
                                       size_t n)
{
    QDict *resp = qtest_qmp(qts, "{ 'execute': 'qom-get', 'arguments': "
                            "{ 'path': %s, 'property': %s } }", path, prop);
    QListEntry *e;
    QList *l;
    size_t i = 0;

    g_assert(qdict_haskey(resp, "return"));
    l = qdict_get_qlist(resp, "return");
    g_assert(l);
    QLIST_FOREACH_ENTRY(l, e) {
        QNum *num = qobject_to(QNum, qlist_entry_obj(e));

        g_assert(num);
        g_assert_cmpuint(i, <, n);
        out[i++] = qnum_get_uint(num);
    }
    g_assert_cmpuint(i, ==, n);
    qobject_unref(resp);
}

/*
 * Migrate @src (then quit it) through a file into a new QEMU started with
 * "-machine @machine" and return that one, once its migration is in.
 */
static inline QTestState *tt_migrate_via_file(QTestState *src,
                                              const char *machine)
{
    g_autofree char *dir = g_dir_make_tmp("tt-migrate-XXXXXX", NULL);
    g_autofree char *file = g_strdup_printf("%s/state", dir);
    g_autofree char *uri = g_strdup_printf("file:%s", file);
    QTestState *dst;
    char st[32];

    g_assert(dir);
    qtest_qmp_assert_success(src, "{ 'execute': 'migrate', 'arguments': "
                             "{ 'uri': %s } }", uri);
    while (strcmp(tt_qmp_status(src, "query-migrate", "status", st,
                                sizeof(st)), "completed")) {
        g_assert_cmpstr(st, !=, "failed");
        g_usleep(10000);
    }
    qtest_quit(src);

    dst = qtest_initf("-machine %s -incoming %s", machine, uri);
    while (!strcmp(tt_qmp_status(dst, "query-status", "status", st,
                                 sizeof(st)), "inmigrate")) {
        g_usleep(10000);
    }
    unlink(file);
    rmdir(dir);
    return dst;
}

#endif
