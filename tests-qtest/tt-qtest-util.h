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

/* Tile (x, y)'s local address @a in the NoC view (above 4 GiB) */
#define TT_NOC(x, y, a) \
    (((uint64_t)(y) << 42) | ((uint64_t)(x) << 36) | (uint64_t)(a))

/*
 * Tile 0's BRISC view, through which qtest accesses go: the Tensix
 * windows (INSTRN_BUF window t feeds thread t) and the FIFO status
 * (bit t: thread t's FIFO not full, bit 4 + t: empty).
 */
#define TT_REGFILE_BASE         0xFFE00000u
#define TT_INSTRN_BUF(t)        (0xFFE40000u + (t) * 0x10000u)
#define TT_INSTRN_BUF_STATUS    0xFFB120A8u
#define TT_IBS_ALL_IDLE         0x77u

/* Every Tensix thread's FIFO is empty (and not full) */
#define tt_assert_all_idle(qts) \
    g_assert_cmphex(qtest_readl((qts), TT_INSTRN_BUF_STATUS), ==, \
                    TT_IBS_ALL_IDLE)

/* Thread @t's GPR @r as BRISC sees it */
static inline uint32_t tt_gpr_addr(int t, int r)
{
    return TT_REGFILE_BASE + t * 256 + 4 * r;
}

/* Push @insn into Tensix thread @t's FIFO */
static inline void tt_push(QTestState *qts, int t, uint32_t insn)
{
    qtest_writel(qts, TT_INSTRN_BUF(t), insn);
}

/*
 * Blackhole: make matrix unit instructions of every thread take the
 * configured SrcA/SrcB formats (ALU_FORMAT_SPEC) instead of the banks'
 * implied ones: SETC16 ThreadConfig DISABLE_IMPLIED_SRCA_FMT_Base (word 2)
 * and DISABLE_IMPLIED_SRCB_FMT_Base (word 3) = 1
 */
static inline void tt_bh_configured_src_fmts(QTestState *qts)
{
    for (int t = 0; t < 3; t++) {
        tt_push(qts, t, (0xB2u << 24) | (2u << 16) | 1);
        tt_push(qts, t, (0xB2u << 24) | (3u << 16) | 1);
    }
}

/* Tensix instruction encodings (opcode in bits 31:24) */
#define TT_OP_STALLWAIT         0xA2u
#define TT_OP_SEMINIT           0xA3u
#define TT_OP_SEMPOST           0xA4u
#define TT_OP_SEMGET            0xA5u
#define TT_OP_SEMWAIT           0xA6u
#define TT_OP_SETDMAREG         0x45u

#define TT_BLOCK_ALL            0x1FFu  /* STALLWAIT/SEMWAIT: every unit */
#define TT_SEMWAIT_WHILE_ZERO   1u      /* wait while any Value == 0 */
#define TT_SEMWAIT_WHILE_FULL   2u      /* wait while any Value >= Max */

/* SETDMAREG: GPR half @half (of thread's 128) = @value */
static inline uint32_t tt_setdmareg(uint32_t half, uint32_t value)
{
    return (TT_OP_SETDMAREG << 24) | ((value & 0xFFFF) << 8) | (half & 0x7F);
}

static inline uint32_t tt_seminit(uint32_t mask, uint32_t value, uint32_t max)
{
    return (TT_OP_SEMINIT << 24) | (max << 20) | (value << 16) | (mask << 2);
}

static inline uint32_t tt_sempost(uint32_t mask)
{
    return (TT_OP_SEMPOST << 24) | (mask << 2);
}

static inline uint32_t tt_semget(uint32_t mask)
{
    return (TT_OP_SEMGET << 24) | (mask << 2);
}

static inline uint32_t tt_semwait(uint32_t block, uint32_t mask, uint32_t cond)
{
    return (TT_OP_SEMWAIT << 24) | (block << 15) | (mask << 2) | cond;
}

static inline uint32_t tt_stallwait(uint32_t block, uint32_t cond)
{
    return (TT_OP_STALLWAIT << 24) | (block << 15) | cond;
}

/*
 * UNPACR_NOP giving unpacker @u's (0: SrcA, 1: SrcB) current bank to the
 * Matrix Unit.  Wormhole: mode 0x7 (UNPACR_NOP_SETDVALID.md).  Blackhole
 * (assembly.yaml): Unpack_Pop 1 (UNP_CLR_SRC), Src_ClrVal_Ctrl 2 with
 * Clr_to1_fmt_Ctrl 3 (the flavour that only sets dvalid), Set_Dvalid 1.
 */
#define TT_OP_UNPACR_NOP        0x43u

static inline uint32_t tt_unpacr_nop_setdvalid(bool bh, int u)
{
    return (TT_OP_UNPACR_NOP << 24) | ((uint32_t)u << 23) |
           (bh ? (1u << 8) | (3u << 6) | (2u << 2) | 1u : 7u);
}

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
 * What the machine models: @tensix[x * @grid + y] is set for each Tensix
 * tile (the "tile[x,y]" children of /machine with x, y < @grid).  True
 * when the machine maps the rest of the chip too (a "tt-soc" child).
 */
static inline bool tt_qom_topology(QTestState *qts, bool *tensix,
                                   unsigned grid)
{
    QDict *resp = qtest_qmp(qts, "{ 'execute': 'qom-list', 'arguments': "
                            "{ 'path': '/machine' } }");
    QList *list = qdict_get_qlist(resp, "return");
    bool full_chip = false;
    QListEntry *e;

    g_assert(list);
    memset(tensix, 0, grid * grid * sizeof(*tensix));
    QLIST_FOREACH_ENTRY(list, e) {
        QDict *prop = qobject_to(QDict, qlist_entry_obj(e));
        const char *name = qdict_get_str(prop, "name");
        const char *type = qdict_get_str(prop, "type");
        unsigned x, y;

        if (sscanf(name, "tile[%u,%u]", &x, &y) == 2 && x < grid &&
            y < grid) {
            tensix[x * grid + y] = true;
        } else if (!strcmp(type, "child<tt-soc>")) {
            full_chip = true;
        }
    }
    qobject_unref(resp);
    return full_chip;
}

/* Add the qtest "@prefix/@variant/@name": @fn(@data) */
static inline void tt_add_test(const char *prefix, const char *variant,
                               const char *name, const void *data,
                               GTestDataFunc fn)
{
    g_autofree char *path = g_strdup_printf("%s/%s/%s", prefix, variant,
                                            name);

    qtest_add_data_func(path, data, fn);
}

typedef struct TTTestCase {
    const char *name;
    GTestDataFunc fn;
} TTTestCase;

/* tt_add_test() for each of the @n @tests */
static inline void tt_add_tests(const char *prefix, const char *variant,
                                const void *data, const TTTestCase *tests,
                                size_t n)
{
    for (size_t i = 0; i < n; i++) {
        tt_add_test(prefix, variant, tests[i].name, data, tests[i].fn);
    }
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

/*
 * The "x-src-state" property of the tt-tensix device: SrcA then SrcB,
 * bank 0-1, row 0-63, column 0-15 (19-bit datums).
 */
#define TT_NUM_SRC              (2 * 2 * 64 * 16)

/* Index into x-src-state of Src<b>[bank][row][col] (b: 0 SrcA, 1 SrcB) */
static inline int tt_src_index(int b, int bank, int row, int col)
{
    return ((b * 2 + bank) * 64 + row) * 16 + col;
}

/* Set every datum of Src<b>[bank] in @want to @v */
static inline void tt_src_fill_bank(uint32_t *want, int b, int bank,
                                    uint32_t v)
{
    for (int i = 0; i < 64 * 16; i++) {
        want[tt_src_index(b, bank, 0, 0) + i] = v;
    }
}

/*
 * Once every thread is idle, x-src-state of the tt-tensix device at
 * @path must equal @want; @step names the check in the failure message.
 */
static inline void tt_check_src(QTestState *qts, const char *path,
                                const uint32_t *want, const char *step)
{
    g_autofree uint32_t *got = g_new(uint32_t, TT_NUM_SRC);

    tt_assert_all_idle(qts);
    tt_qom_get_u32_list(qts, path, "x-src-state", got, TT_NUM_SRC);
    for (int i = 0; i < TT_NUM_SRC; i++) {
        if (got[i] != want[i]) {
            g_test_message("%s: Src%c[%d][%d][%d] = 0x%x, expected 0x%x",
                           step, i / (2 * 64 * 16) ? 'B' : 'A',
                           i / (64 * 16) % 2, i / 16 % 64, i % 16, got[i],
                           want[i]);
        }
        g_assert_cmphex(got[i], ==, want[i]);
    }
}

#endif
