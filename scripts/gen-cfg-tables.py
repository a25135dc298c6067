#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Generate hw-tensix/tt_cfg_regs.c, the tables of Tensix backend
# configuration register fields of qemu-tensix (one per architecture), and
# hw-tensix/tt_cfg_defs.h, the constants of the fields the model itself
# uses (MODEL_FIELDS below), from tt-metal's cfg_defines.h (Apache-2.0,
# Copyright Tenstorrent Inc.):
#
#   tt_metal/hw/inc/wormhole/wormhole_b0_defines/cfg_defines.h
#   tt_metal/hw/inc/blackhole/cfg_defines.h
#
# (newer tt-metal trees have them under tt_metal/hw/inc/internal/tt-1xx/).
#
# Only facts are taken from the headers: for every field NAME, the
# NAME_ADDR32 (word index), NAME_SHAMT and NAME_MASK constants, whether the
# field belongs to the "// Registers for THREAD" section (ThreadConfig) or
# to one of the others (Config), CFG_STATE_SIZE, THD_STATE_SIZE and the
# *_CFGREG_BASE_ADDR32 section bases.  The headers are not part of
# qemu-tensix; the output is committed, so building does not need them.
#
# Usage: scripts/gen-cfg-tables.py WORMHOLE_B0_CFG_DEFINES_H
#                                  BLACKHOLE_CFG_DEFINES_H [-o OUTPUT]
#                                  [--defs-output DEFS]
#        scripts/gen-cfg-tables.py --from-tables TT_CFG_REGS_C
#                                  [-o OUTPUT] [--defs-output DEFS]
#
# OUTPUT and DEFS default to hw-tensix/tt_cfg_regs.c and
# hw-tensix/tt_cfg_defs.h next to this script's repository.  The sha256 of
# each input header is recorded in both.
#
# --from-tables reads the facts back from a tt_cfg_regs.c this script
# generated (which holds every field's ADDR32, SHAMT and MASK, the sizes,
# the section bases and the inputs' sha256) instead of the headers: adding
# a name to MODEL_FIELDS does not need the headers.  It writes DEFS, and
# OUTPUT only when -o is given (regenerating the tables from themselves
# must reproduce them byte for byte).  The output of both modes is the
# same for the same inputs.

import argparse
import hashlib
import os
import re
import sys

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(REPO_ROOT, "hw-tensix", "tt_cfg_regs.c")
DEFAULT_DEFS = os.path.join(REPO_ROOT, "hw-tensix", "tt_cfg_defs.h")

# The fields the model reads or reacts to by word index, shift or mask:
# tt_cfg_defs.h gets TT_<ARCH>_CFG_<NAME>_ADDR32/_SHAMT/_MASK for a Config
# field and TT_<ARCH>_THD_<NAME>_... for a ThreadConfig field, for each
# architecture that has it.  Only what the model needs.
MODEL_FIELDS = [
    # ThreadConfig (tt_cfg.c, tt_srcregs.c, tt_thcon.c, tt_sync.c)
    "CFG_STATE_ID_StateID",
    "SRCA_SET_Base",
    "SRCA_SET_SetOvrdWithAddr",
    "SRCB_SET_Base",
    "CLR_DVALID_SrcA_Disable",
    "CLR_DVALID_SrcB_Disable",
    "UNPACK_MISC_CFG_CfgContextCntReset_0",
    "UNPACK_MISC_CFG_CfgContextCntReset_1",
    "STREAMWAIT_PHASE_HI_Val",
    "STREAMWAIT_NUM_MSGS_HI_Val",
    "STREAM_ID_SYNC_SEC0_BankSel",
    "STREAM_ID_SYNC_SEC1_BankSel",
    "STREAM_ID_SYNC_SEC2_BankSel",
    "STREAM_ID_SYNC_SEC3_BankSel",
    # UNPACR_NOP (tt_unpack.c): the overlay message clear's defaults and
    # Blackhole's clear-to-immediate values
    "NOC_OVERLAY_MSG_CLEAR_StreamId_0",
    "NOC_OVERLAY_MSG_CLEAR_StreamId_1",
    "NOC_OVERLAY_MSG_CLEAR_MsgNum_0",
    "NOC_OVERLAY_MSG_CLEAR_MsgNum_1",
    "UNP0_NOP_REG_CLR_VAL_nop_reg_clr_val",
    "UNP1_NOP_REG_CLR_VAL_nop_reg_clr_val",
    # Dst addressing (tt_dstregs.c: ZEROACC)
    "DEST_TARGET_REG_CFG_MATH_Offset",
    "DEST_REGW_BASE_Base",
    "ALU_ACC_CTRL_Fp32_enabled",
    "ALU_ACC_CTRL_INT8_math_enabled",
    "DEST_ACCESS_CFG_remap_addrs",
    "DEST_ACCESS_CFG_swizzle_32b",
    "DEST_ACCESS_CFG_zeroacc_absolute_tile_mode",
    # Blackhole's RISC-V window onto Dst (tt_dst_riscv.c)
    "RISC_DEST_ACCESS_CTRL_SEC0_fmt",
    "RISC_DEST_ACCESS_CTRL_SEC0_no_swizzle",
    "RISC_DEST_ACCESS_CTRL_SEC0_unsigned_int",
    "RISC_DEST_ACCESS_CTRL_SEC1_fmt",
    "RISC_DEST_ACCESS_CTRL_SEC1_no_swizzle",
    "RISC_DEST_ACCESS_CTRL_SEC1_unsigned_int",
    "RISC_DEST_ACCESS_CTRL_SEC2_fmt",
    "RISC_DEST_ACCESS_CTRL_SEC2_no_swizzle",
    "RISC_DEST_ACCESS_CTRL_SEC2_unsigned_int",
    # ThreadConfig: ADDR_MOD application (tt_adc.c: ApplyAddrMod).  Every
    # field of section 0; SEC0..7 of the first field of each register, so
    # that tt_adc.c can check the stride between sections at compile time.
    "ADDR_MOD_SET_Base",
    "ADDR_MOD_AB_SEC0_SrcACR",
    "ADDR_MOD_AB_SEC0_SrcAClear",
    "ADDR_MOD_AB_SEC0_SrcBIncr",
    "ADDR_MOD_AB_SEC0_SrcBCR",
    "ADDR_MOD_AB_SEC0_SrcBClear",
    "ADDR_MOD_DST_SEC0_DestCR",
    "ADDR_MOD_DST_SEC0_DestClear",
    "ADDR_MOD_DST_SEC0_DestCToCR",
    "ADDR_MOD_DST_SEC0_FidelityIncr",
    "ADDR_MOD_DST_SEC0_FidelityClear",
    "ADDR_MOD_BIAS_SEC0_BiasClear",
    "ADDR_MOD_AB2_SEC0_SrcBIncr",
] + ["ADDR_MOD_%s_SEC%d_%s" % (reg, sec, field)
     for reg, field in (("AB", "SrcAIncr"), ("DST", "DestIncr"),
                        ("BIAS", "BiasIncr"), ("AB2", "SrcAIncr"))
     for sec in range(8)] + [
    # Matrix unit data movement (tt_mov.c: MOV*)
    "FP16A_FORCE_Enable",
    "ALU_FORMAT_SPEC_REG_SrcA_val",
    "ALU_FORMAT_SPEC_REG_SrcA_override",
    "ALU_FORMAT_SPEC_REG0_SrcA",
    "ALU_ACC_CTRL_Zero_Flag_disabled_src",
    "DISABLE_IMPLIED_SRCA_FMT_Base",
    "FIDELITY_BASE_Phase",
    "DISABLE_IMPLIED_SRCB_FMT_Base",
    # Config (tt_cfg.c)
    "STATE_RESET_EN",
    "PRNG_SEED_Seed_Val",
    "RISCV_IC_INVALIDATE_InvalidateAll",
    "SCRATCH_SEC0_val",
    "SCRATCH_SEC1_val",
    "SCRATCH_SEC2_val",
    # Config: reset PC overrides (tt_arch.c, tt_tile_regs.c; Wormhole)
    "TRISC_RESET_PC_SEC0_PC",
    "TRISC_RESET_PC_SEC1_PC",
    "TRISC_RESET_PC_SEC2_PC",
    "TRISC_RESET_PC_OVERRIDE_Reset_PC_Override_en",
    "NCRISC_RESET_PC_PC",
    "NCRISC_RESET_PC_OVERRIDE_Reset_PC_Override_en",
    # Config: mover (tt_mover.c, XMOV)
    "THCON_SEC0_REG6_Source_address",
    "THCON_SEC0_REG6_Destination_address",
    "THCON_SEC0_REG6_Buffer_size",
    "THCON_SEC0_REG6_Transfer_direction",
    # Config: packer configuration (tt_thcon.c, SETDMAREG tile headers)
    "THCON_SEC0_REG1_Disable_zero_compress",
    "THCON_SEC0_REG1_Out_data_format",
    "THCON_SEC0_REG1_All_pack_disable_zero_compress",
    "THCON_SEC0_REG1_All_pack_disable_zero_compress_ovrd",
    "THCON_SEC0_REG8_Disable_zero_compress",
    "THCON_SEC0_REG8_Out_data_format",
    "THCON_SEC1_REG1_Disable_zero_compress",
    "THCON_SEC1_REG1_Out_data_format",
    "THCON_SEC1_REG8_Disable_zero_compress",
    "THCON_SEC1_REG8_Out_data_format",
    # UNPACR (tt_unpack.c): THCON_SEC0 fields, context 0 plus the
    # contexts that let tt_unpack.c check at compile time how the per-
    # context fields are spaced; THCON_SEC1 is THCON_SEC0 moved by a fixed
    # number of words (checked with the SEC1 fields below)
    "THCON_SEC0_REG1_Row_start_section_size",
    "THCON_SEC0_REG1_Unp_LF8_4b_exp",
    "THCON_SEC0_REG2_Out_data_format",
    "THCON_SEC0_REG2_Context_count",
    "THCON_SEC0_REG2_Haloize_mode",
    "THCON_SEC0_REG2_Tileize_mode",
    "THCON_SEC0_REG2_Unpack_Src_Reg_Set_Upd",
    "THCON_SEC0_REG2_Unpack_If_Sel",
    "THCON_SEC0_REG2_Upsample_rate",
    "THCON_SEC0_REG2_Ovrd_data_format",
    "THCON_SEC0_REG2_Upsample_and_interleave",
    "THCON_SEC0_REG2_Shift_amount_cntx0",
    "THCON_SEC0_REG2_Shift_amount_cntx1",
    "THCON_SEC0_REG2_Disable_zero_compress_cntx0",
    "THCON_SEC0_REG2_Disable_zero_compress_cntx1",
    "THCON_SEC0_REG2_Disable_zero_compress_cntx4",
    "THCON_SEC0_REG2_Unpack_if_sel_cntx0",
    "THCON_SEC0_REG2_Unpack_if_sel_cntx1",
    "THCON_SEC0_REG2_Unpack_if_sel_cntx4",
    "THCON_SEC0_REG2_Force_shared_exp",
    "THCON_SEC0_REG2_Context_count_non_log2_en",
    "THCON_SEC0_REG2_Unpack_limit_address",
    "THCON_SEC0_REG2_Unpack_fifo_size",
    "THCON_SEC0_REG3_Base_address",
    "THCON_SEC0_REG3_Base_cntx1_address",
    "THCON_SEC0_REG4_Base_cntx4_address",
    "THCON_SEC0_REG5_Dest_cntx0_address",
    "THCON_SEC0_REG5_Dest_cntx1_address",
    "THCON_SEC0_REG5_Dest_cntx2_address",
    "THCON_SEC0_REG5_Tile_x_dim_cntx0",
    "THCON_SEC0_REG5_Tile_x_dim_cntx1",
    "THCON_SEC0_REG5_Tile_x_dim_cntx2",
    "THCON_SEC0_REG7_Offset_address",
    "THCON_SEC0_REG7_Offset_cntx1_address",
    "THCON_SEC0_REG7_Unpack_data_format_cntx0",
    "THCON_SEC0_REG7_Unpack_data_format_cntx1",
    "THCON_SEC0_REG7_Unpack_data_format_cntx4",
    "THCON_SEC0_REG7_Unpack_out_data_format_cntx0",
    "THCON_SEC0_REG7_Unpack_out_data_format_cntx1",
    "THCON_SEC0_REG7_Unpack_out_data_format_cntx4",
    "THCON_SEC1_REG1_Row_start_section_size",
    "THCON_SEC1_REG2_Out_data_format",
    "THCON_SEC1_REG7_Offset_address",
    "THCON_SEC1_REG5_Tile_x_dim_cntx0",
    "UNP0_ADDR_BASE_REG_1_Base",
    "UNP0_ADDR_CTRL_XY_REG_1_Ystride",
    "UNP0_ADDR_CTRL_ZW_REG_1_Zstride",
    "UNP0_ADDR_CTRL_ZW_REG_1_Wstride",
    "UNP0_FORCED_SHARED_EXP_shared_exp",
    "UNP0_ADD_DEST_ADDR_CNTR_add_dest_addr_cntr",
    "UNP1_ADDR_BASE_REG_1_Base",
    "UNP1_ADDR_CTRL_XY_REG_1_Ystride",
    "UNP1_ADDR_CTRL_ZW_REG_1_Zstride",
    "UNP1_ADDR_CTRL_ZW_REG_1_Wstride",
    "UNP1_FORCED_SHARED_EXP_shared_exp",
    "UNP1_ADD_DEST_ADDR_CNTR_add_dest_addr_cntr",
    "UNP0_BLOBS_Y_START_CNTX_01_blobs_y_start",
    "UNP0_BLOBS_Y_START_CNTX_23_blobs_y_start",
    "ALU_FORMAT_SPEC_REG0_SrcAUnsigned",
    "ALU_FORMAT_SPEC_REG0_SrcBUnsigned",
    "UNPACK_MISC_CFG_CfgContextOffset_0",
    "UNPACK_MISC_CFG_CfgContextOffset_1",
    # Vector unit (tt_sfpu.c: SFPLOAD, SFPSTORE)
    "ALU_ACC_CTRL_SFPU_Fp32_enabled",
    "ALU_FORMAT_SPEC_REG_SrcB_val",
    "ALU_FORMAT_SPEC_REG_SrcB_override",
    "ALU_FORMAT_SPEC_REG1_SrcB",
    "DEST_SP_BASE_Base",
    "SFPU_STACK_Incr",
]

# PACR, PACR_SETREG (tt_pack.c): each packer's block (THCON_SEC0_REG1,
# THCON_SEC0_REG8, THCON_SEC1_REG1, THCON_SEC1_REG8), the packer fields of
# the ALU/PACK0 sections, and ADDR_MOD_PACK (SEC0 fields; SEC1..3 of the
# first field, so tt_pack.c can check the stride).  Added without the
# names other blocks already list.
_PACK_FIELDS = ["THCON_%s_%s" % (blk, f)
                for blk in ("SEC0_REG1", "SEC0_REG8", "SEC1_REG1", "SEC1_REG8")
                for f in ("Row_start_section_size", "Exp_section_size",
                          "L1_Dest_addr", "Disable_zero_compress",
                          "Add_l1_dest_addr_offset", "Addr_cnt_context",
                          "Out_data_format", "In_data_format",
                          "Enable_out_fifo", "Sub_l1_tile_header_size",
                          "Source_interface_selection",
                          "Add_tile_header_size", "L1_source_addr",
                          "Downsample_mask", "Exp_threshold_en",
                          "Pack_L1_Acc", "Exp_threshold")] + [
    "THCON_%s_REG9_Pack_%s_%s" % (sec, p, f)
    for sec in ("SEC0", "SEC1") for p in ("0_2", "1_3")
    for f in ("limit_address", "fifo_size")] + [
    "PCK0_ADDR_CTRL_XY_REG_0_Xstride",
    "PCK0_ADDR_CTRL_XY_REG_0_Ystride",
    "PCK0_ADDR_CTRL_ZW_REG_0_Zstride",
    "PCK0_ADDR_CTRL_ZW_REG_0_Wstride",
    "PCK0_ADDR_CTRL_XY_REG_1_Ystride",
    "PCK0_ADDR_CTRL_ZW_REG_1_Zstride",
    "PCK0_ADDR_CTRL_ZW_REG_1_Wstride",
    "PCK0_ADDR_BASE_REG_0_Base",
    "PCK0_ADDR_BASE_REG_1_Base",
    "PCK_DEST_RD_CTRL_Read_32b_data",
    "PCK_DEST_RD_CTRL_Read_unsigned",
    "PCK_DEST_RD_CTRL_Read_int8",
    "PCK_DEST_RD_CTRL_Round_10b_mant",
    "ALU_FORMAT_SPEC_REG_Dstacc_val",
    "ALU_FORMAT_SPEC_REG_Dstacc_override",
    "ALU_FORMAT_SPEC_REG2_Dstacc",
    "ALU_ROUNDING_MODE_Gasket_srnd_en",
    "ALU_ROUNDING_MODE_Packer_srnd_en",
    "STACC_RELU_ApplyRelu",
    "STACC_RELU_ReluThreshold",
    "INT_DESCALE_Enable",
    "INT_DESCALE_Mode",
    "PCK_EDGE_TILE_FACE_SET_SELECT_select",
    "PCK_EDGE_TILE_FACE_SET_SELECT_enable",
    "PCK_EDGE_MODE_mode",
    "PCK_EDGE_TILE_ROW_SET_SELECT_select",
    "ENABLE_ACC_STATS_Enable",
] + ["INT_DESCALE_VALUES_SEC%d_Value" % i for i in (0, 1, 15)] + [
    "%s_%d_%s_%d" % (reg, b, f, i)
    for reg, f in (("TILE_ROW_SET_MAPPING", "row_set_mapping"),
                   ("TILE_FACE_SET_MAPPING", "face_set_mapping"))
    for b in range(4) for i in (0, 15)] + [
    "PCK_EDGE_OFFSET_SEC%d_mask" % i for i in range(4)] + [
    "DEST_TARGET_REG_CFG_PACK_SEC%d_%s" % (i, f)
    for i in range(4) for f in ("Offset", "ZOffset")] + [
    "PACK_COUNTERS_SEC%d_%s" % (i, f)
    for i in range(4)
    for f in ("pack_reads_per_xy_plane", "pack_yz_transposed")] + [
    "ADDR_MOD_PACK_SEC0_%s" % f
    for f in ("YsrcIncr", "YsrcCR", "YsrcClear", "YdstIncr", "YdstCR",
              "YdstClear", "ZsrcIncr", "ZsrcClear", "ZdstIncr",
              "ZdstClear")] + [
    "ADDR_MOD_PACK_SEC%d_YsrcIncr" % i for i in (1, 2, 3)]
MODEL_FIELDS += [n for n in _PACK_FIELDS if n not in MODEL_FIELDS]

# (argument name, TTArchId, short prefix), in tt_isa.h's TTArchId order
ARCHS = [("wormhole_b0", "TT_ARCH_WORMHOLE_B0", "wh"),
         ("blackhole", "TT_ARCH_BLACKHOLE", "bh")]

# Sections of cfg_defines.h, in order; THREAD is ThreadConfig
SECTIONS = ["THREAD", "ALU", "PACK0", "UNPACK0", "UNPACK1", "THCON", "GLOBAL"]

SECTION_RE = re.compile(r"^//\s*Registers for (\w+)\s*$")
DEFINE_RE = re.compile(r"^#define\s+(\w+?)_(ADDR32|SHAMT|MASK)\s+"
                       r"(0[xX][0-9a-fA-F]+|\d+)\s*$")
SIZE_RE = re.compile(r"^#define\s+(CFG_STATE_SIZE|THD_STATE_SIZE)\s+(\d+)\s*$")


def die(msg):
    sys.exit("gen-cfg-tables.py: " + msg)


def parse(path):
    """Return (sizes, bases, fields) of one cfg_defines.h.

    fields: list of (thread, addr32, shift, mask, name)."""
    with open(path, "rb") as f:
        raw = f.read()
    sha = hashlib.sha256(raw).hexdigest()
    section = None
    sizes = {}
    bases = {}
    consts = {}
    order = []
    for lineno, line in enumerate(raw.decode("utf-8").splitlines(), 1):
        m = SECTION_RE.match(line)
        if m:
            section = m.group(1)
            if section not in SECTIONS:
                die("%s:%d: unknown section %s" % (path, lineno, section))
            continue
        m = SIZE_RE.match(line)
        if m:
            sizes[m.group(1)] = int(m.group(2))
            continue
        m = DEFINE_RE.match(line)
        if not m:
            continue
        name, kind, value = m.group(1), m.group(2), int(m.group(3), 0)
        if name.endswith("_CFGREG_BASE") and kind == "ADDR32":
            bases[name[:-len("_CFGREG_BASE")]] = value
            continue
        if section is None:
            die("%s:%d: %s outside any section" % (path, lineno, name))
        key = (section == "THREAD", name)
        if key not in consts:
            consts[key] = {}
            order.append(key)
        consts[key][kind] = value

    for s in ("CFG_STATE_SIZE", "THD_STATE_SIZE"):
        if s not in sizes:
            die("%s: no %s" % (path, s))
    for s in SECTIONS:
        if s not in bases:
            die("%s: no %s_CFGREG_BASE_ADDR32" % (path, s))

    fields = []
    for thread, name in order:
        c = consts[(thread, name)]
        if set(c) != {"ADDR32", "SHAMT", "MASK"}:
            die("%s: %s lacks one of ADDR32/SHAMT/MASK" % (path, name))
        addr, shift, mask = c["ADDR32"], c["SHAMT"], c["MASK"]
        words = 1
        if shift == 0 and mask > 0xFFFFFFFF and mask & (mask + 1) == 0 and \
                mask.bit_length() % 32 == 0:
            # A field of several whole words (a 128-bit TileDescriptor)
            words = mask.bit_length() // 32
            mask = 0xFFFFFFFF
        if thread:
            limit = sizes["THD_STATE_SIZE"]
        else:
            limit = sizes["CFG_STATE_SIZE"] * 4
        field = mask >> shift
        if (not 0 <= addr <= limit - words or not 0 <= shift < 32 or
                mask == 0 or
                mask > 0xFFFFFFFF or field << shift != mask or
                field & (field + 1)):
            die("%s: %s: unexpected ADDR32 %d SHAMT %d MASK 0x%x"
                % (path, name, addr, shift, mask))
        if thread and (mask > 0xFFFF or words > 1):
            die("%s: %s: ThreadConfig field beyond 16 bits" % (path, name))
        fields.append((thread, addr, shift, mask, name, words))
    names = [f[4] for f in fields]
    if len(set(names)) != len(names):
        die("%s: duplicate field names" % path)
    fields.sort()
    return sha, sizes, bases, fields


TABLE_SHA_RE = re.compile(r"^ \*   (\w+), sha256$")
TABLE_START_RE = re.compile(r"^static const TTCfgRegInfo "
                            r"tt_cfg_regs_(\w+)\[\] = \{$")
TABLE_ENTRY_RE = re.compile(r'^(C|T|CW)\("(\w+)", ([0-9x, a-f]+)\),$')
LAYOUT_ARCH_RE = re.compile(r"^    \[(\w+)\] = \{$")
LAYOUT_FIELD_RE = re.compile(r"^        \.(\w+) = (\d+),$")


def parse_tables(path):
    """Read back what parse() returned for each architecture from a
    tt_cfg_regs.c this script generated.  Returns {arch: (sha, sizes,
    bases, fields)}."""
    with open(path) as f:
        lines = f.read().splitlines()
    by_prefix = {prefix: arch for arch, _, prefix in ARCHS}
    by_id = {archid: arch for arch, archid, _ in ARCHS}
    shas = {}
    fields = {}
    layouts = {}
    cur = None
    pending = ""
    for i, line in enumerate(lines):
        m = TABLE_SHA_RE.match(line)
        if m and m.group(1) in by_id.values() and i + 1 < len(lines):
            shas[m.group(1)] = lines[i + 1].split()[-1]
            continue
        m = TABLE_START_RE.match(line)
        if m:
            cur = by_prefix[m.group(1)]
            fields[cur] = []
            continue
        if cur and line == "};":
            cur = None
            continue
        if cur:
            text = (pending + " " + line.strip()) if pending else line.strip()
            m = TABLE_ENTRY_RE.match(text)
            if not m:
                if pending:
                    die("%s:%d: cannot parse entry" % (path, i + 1))
                pending = text
                continue
            pending = ""
            kind, name = m.group(1), m.group(2)
            args = [int(a, 0) for a in m.group(3).split(", ")]
            if kind == "CW":
                fields[cur].append((False, args[0], 0, 0xFFFFFFFF, name,
                                    args[1]))
            else:
                fields[cur].append((kind == "T", args[0], args[1], args[2],
                                    name, 1))
            continue
        m = LAYOUT_ARCH_RE.match(line)
        if m and m.group(1) in by_id:
            layouts[by_id[m.group(1)]] = {}
            cur_layout = layouts[by_id[m.group(1)]]
            continue
        m = LAYOUT_FIELD_RE.match(line)
        if m and layouts:
            cur_layout[m.group(1)] = int(m.group(2))
    parsed = {}
    for arch, _, _ in ARCHS:
        if arch not in shas or arch not in fields or arch not in layouts:
            die("%s: no tables of %s" % (path, arch))
        lay = layouts[arch]
        sizes = {"CFG_STATE_SIZE": lay["cfg_state_size"],
                 "THD_STATE_SIZE": lay["thd_state_size"]}
        bases = {"THREAD": 0}
        for s in SECTIONS[1:]:
            bases[s] = lay["%s_base" % s.lower()]
        parsed[arch] = (shas[arch], sizes, bases, fields[arch])
    return parsed


def define(out, name, value):
    """#define name value, wrapped if longer than 80 columns."""
    line = "#define %s %s" % (name, value)
    if len(line) <= 80:
        out.append(line)
    else:
        out.append("#define %s \\" % name)
        out.append("    %s" % value)


def emit_defs(parsed):
    """tt_cfg_defs.h: the sizes, the section bases and MODEL_FIELDS."""
    out = []
    out.append("""/*
 * Tensix backend configuration: sizes, section bases and the fields the
 * model uses, per architecture, as constants
 *
 * GENERATED FILE, DO NOT EDIT BY HAND.
 * Generated by scripts/gen-cfg-tables.py from tt-metal's cfg_defines.h
 * (Apache-2.0, Copyright Tenstorrent Inc.); edit the script's MODEL_FIELDS
 * and re-run it.
 * Inputs:""")
    for arch, _, _ in ARCHS:
        out.append(" *   %s, sha256" % arch)
        out.append(" *     %s" % parsed[arch][0])
    out.append(""" *
 * TT_<ARCH>_CFG_<NAME>_{ADDR32,SHAMT,MASK} is the Config field NAME
 * (cfg_defines.h NAME_ADDR32: word index, NAME_SHAMT: shift, NAME_MASK:
 * in-place mask), TT_<ARCH>_THD_<NAME>_... the ThreadConfig field NAME.
 * A field the architecture does not have is not defined.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_CFG_DEFS_H
#define HW_TENSIX_TT_CFG_DEFS_H""")
    known = set()
    for arch, _, prefix in ARCHS:
        _, sizes, bases, fields = parsed[arch]
        p = "TT_%s" % prefix.upper()
        byname = {f[4]: f for f in fields}
        known |= set(byname)
        out.append("")
        out.append("/* %s */" % arch)
        define(out, "%s_CFG_STATE_SIZE" % p, sizes["CFG_STATE_SIZE"])
        define(out, "%s_THD_STATE_SIZE" % p, sizes["THD_STATE_SIZE"])
        for s in SECTIONS[1:]:
            define(out, "%s_CFG_%s_CFGREG_BASE_ADDR32" % (p, s), bases[s])
        for name in MODEL_FIELDS:
            if name not in byname:
                continue
            thread, addr, shift, mask, _, words = byname[name]
            if words > 1:
                die("%s: %s spans %d words" % (arch, name, words))
            m = "%s_%s_%s" % (p, "THD" if thread else "CFG", name)
            define(out, m + "_ADDR32", addr)
            define(out, m + "_SHAMT", shift)
            define(out, m + "_MASK", "0x%x" % mask)
    for name in MODEL_FIELDS:
        if name not in known:
            die("MODEL_FIELDS: no architecture has %s" % name)
    out.append("")
    out.append("#endif")
    return "\n".join(out) + "\n"


def emit_arch(out, prefix, fields):
    out.append("static const TTCfgRegInfo tt_cfg_regs_%s[] = {" % prefix)
    for thread, addr, shift, mask, name, words in fields:
        if words > 1:
            macro = "CW"
            args = "%d, %d" % (addr, words)
        else:
            macro = "T" if thread else "C"
            args = "%d, %d, 0x%x" % (addr, shift, mask)
        line = '    %s("%s", %s),' % (macro, name, args)
        if len(line) <= 80:
            out.append(line)
        else:
            out.append('    %s("%s",' % (macro, name))
            out.append("      %s)," % args)
    out.append("};")
    out.append("")
    by_name = sorted(range(len(fields)), key=lambda i: fields[i][4])
    out.append("static const uint16_t tt_cfg_by_name_%s[] = {" % prefix)
    for i in range(0, len(by_name), 12):
        out.append("    " + ", ".join("%d" % k for k in by_name[i:i + 12]) +
                   ",")
    out.append("};")
    out.append("")


def main():
    ap = argparse.ArgumentParser(
        description="Generate hw-tensix/tt_cfg_regs.c from tt-metal's "
                    "cfg_defines.h (Wormhole B0 and Blackhole)")
    ap.add_argument("wormhole_b0", nargs="?",
                    help="wormhole_b0_defines/cfg_defines.h")
    ap.add_argument("blackhole", nargs="?", help="blackhole/cfg_defines.h")
    ap.add_argument("-o", "--output")
    ap.add_argument("--defs-output", default=DEFAULT_DEFS)
    ap.add_argument("--from-tables", metavar="TT_CFG_REGS_C",
                    help="read the facts from a generated tt_cfg_regs.c "
                    "instead of the headers")
    args = ap.parse_args()

    if args.from_tables:
        if args.wormhole_b0 or args.blackhole:
            ap.error("--from-tables takes no headers")
        parsed = parse_tables(args.from_tables)
    else:
        if not args.wormhole_b0 or not args.blackhole:
            ap.error("the two cfg_defines.h are required")
        if not args.output:
            args.output = DEFAULT_OUT
        parsed = {}
        for arch, _, _ in ARCHS:
            parsed[arch] = parse(getattr(args, arch))

    with open(args.defs_output, "w") as f:
        f.write(emit_defs(parsed))
    if not args.output:
        return

    out = []
    out.append("""/*
 * Tensix backend configuration register fields, one table per architecture
 *
 * GENERATED FILE, DO NOT EDIT BY HAND.
 * Generated by scripts/gen-cfg-tables.py from tt-metal's cfg_defines.h
 * (Apache-2.0, Copyright Tenstorrent Inc.); edit the script and re-run it.
 * Inputs:""")
    for arch, _, _ in ARCHS:
        out.append(" *   %s, sha256" % arch)
        out.append(" *     %s" % parsed[arch][0])
    out.append(""" *
 * Each entry is a field NAME: word index NAME_ADDR32, shift NAME_SHAMT and
 * in-place mask NAME_MASK; C() for Config, T() for ThreadConfig, CW() for a
 * Config field of several whole words (NAME_MASK wider than 32 bits).
 * Sorted by (ThreadConfig, word, shift); tt_cfg_by_name_* index them by
 * name.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "tt_cfg.h"

#define C(n, a, s, m) { n, a, s, false, m, 1 }
#define T(n, a, s, m) { n, a, s, true, m, 1 }
#define CW(n, a, w) { n, a, 0, false, 0xffffffff, w }
""")
    for arch, _, prefix in ARCHS:
        emit_arch(out, prefix, parsed[arch][3])

    out.append("const TTCfgLayout tt_cfg_layouts[TT_ARCH__MAX] = {")
    for arch, archid, prefix in ARCHS:
        _, sizes, bases, _ = parsed[arch]
        out.append("    [%s] = {" % archid)
        out.append("        .cfg_state_size = %d," % sizes["CFG_STATE_SIZE"])
        out.append("        .thd_state_size = %d," % sizes["THD_STATE_SIZE"])
        for s in SECTIONS[1:]:
            out.append("        .%s_base = %d," % (s.lower(), bases[s]))
        out.append("        .nregs = ARRAY_SIZE(tt_cfg_regs_%s)," % prefix)
        out.append("        .regs = tt_cfg_regs_%s," % prefix)
        out.append("        .by_name = tt_cfg_by_name_%s," % prefix)
        out.append("    },")
    out.append("};")

    text = "\n".join(out) + "\n"
    with open(args.output, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
