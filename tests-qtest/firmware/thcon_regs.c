/*
 * qemu-tensix test: Scalar Unit (ThCon) register instructions
 *
 * BRISC pushes ThCon instructions into the three Tensix threads (its
 * INSTRN_BUF windows) and reads the results back through REGFILE, the
 * TENSIX_CFG window and the tile registers:
 * - ADDDMAREG, SUBDMAREG, MULDMAREG, BITWOPDMAREG, CMPDMAREG, SHIFTDMAREG
 *   in both operand forms, with wrap-around, 16-bit multiplier inputs,
 *   shift amounts >= 32 and the 1/0 comparison result;
 * - SETDMAREG special mode: the zero source and the tile header built from
 *   packer configuration, with all four ResultSizes;
 * - REG2FLOP into THCON configuration (32 and 128 bits, out-of-range
 *   index), read back from TENSIX_CFG;
 * - STOREREG, STOREIND (MMIO) and LOADREG against the CFGREG_RD_CNTL /
 *   CFGREG_RDDATA debug pair, whose behaviour is documented;
 * - FLUSHDMA and DMANOP retire;
 * - SOFT_RESET_0 bits 8 and 9 hold ThCon instructions back.
 * Expected values are derived by hand from the functional models of the
 * WormholeB0 instruction pages (comments give each derivation).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"

/* ---- Instruction encodings (Diagrams/Src/Bits32.lua) ---- */

#define OP_ADD      0x58
#define OP_SUB      0x59
#define OP_MUL      0x5A
#define OP_BITWOP   0x5B
#define OP_SHIFT    0x5C
#define OP_CMP      0x5D

/* Register form: GPR[res] = GPR[left] op GPR[right] */
#define ALU(op, mode, res, right, left) \
    TT_INSN(op, ((mode) << 18) | ((res) << 12) | ((right) << 6) | (left))
/* Immediate form: GPR[res] = GPR[left] op imm */
#define ALUI(op, mode, res, imm, left) \
    TT_INSN(op, (1u << 23) | ((mode) << 18) | ((res) << 12) | \
            ((imm) << 6) | (left))

#define SETDMAREG_SPECIAL(size, which, src, in_half, res_half) \
    TT_INSN(0x45, ((size) << 22) | ((which) << 15) | ((src) << 11) | \
            ((in_half) << 8) | (1u << 7) | (res_half))
#define REG2FLOP_CFG(size, idx, reg) \
    TT_INSN(0x48, ((size) << 22) | ((idx) << 6) | (reg))
#define LOADREG(reg, addr_lo)   TT_INSN(0x68, ((reg) << 18) | (addr_lo))
#define STOREREG(reg, addr_lo)  TT_INSN(0x67, ((reg) << 18) | (addr_lo))
#define STOREIND_MMIO(ohalf, inc, reg, areg) \
    TT_INSN(0x66, (1u << 22) | ((ohalf) << 14) | ((inc) << 12) | \
            ((reg) << 6) | (areg))
#define FLUSHDMA(mask)          TT_INSN(0x46, (mask))
#define DMANOP                  TT_INSN(0x60, 0)

/* ---- Per-architecture configuration layout (cfg_defines.h) ---- */

#define TT_CFG(i)           TT_REG(0xFFEF0000u + 4u * (i))
#if defined(TT_ARCH_BH)
#define THCON_BASE          64      /* THCON_CFGREG_BASE_ADDR32 */
#define GLOBAL_BASE         180     /* GLOBAL_CFGREG_BASE_ADDR32 */
#define SEC0_REG1           70      /* THCON_SEC0_REG1_* word */
#define SEC0_REG8           98
#define LAST_THCON          158     /* last THCON word with fields */
#else
#define THCON_BASE          52
#define GLOBAL_BASE         152
#define SEC0_REG1           58
#define SEC0_REG8           86
#define LAST_THCON          125
#endif
/*
 * Only bits of fields are stored (docs/decisions.md, "Configuration
 * storage"): THCON_BASE + 5 and + 15..20 are words all of whose 32 bits
 * are fields on both architectures, as is LAST_THCON.
 */

/* Tile registers (TileControlDebugStatus.md, BackendConfiguration.md) */
#define CFGREG_RD_CNTL      0xFFB12058u
#define CFGREG_RDDATA       0xFFB12078u
#define MMIO_LO(a)          (((a) - 0xFFB00000u) >> 2)     /* AddrLo */

/* ------------------------------------------------------------------ */

static void test_alu(int t)
{
    /* ADDDMAREG: 0xFFFFFFFF + 2 wraps to 1; + imm 63 gives 0x3E */
    tt_set_gpr(t, 1, 0xFFFFFFFFu);
    tt_set_gpr(t, 2, 2);
    tt_run(t, ALU(OP_ADD, 0, 3, 2, 1));
    tt_check_eq("ADD 0xFFFFFFFF + 2", TT_GPR_OF(t, 3), 0x00000001u);
    tt_run(t, ALUI(OP_ADD, 0, 3, 63, 1));
    tt_check_eq("ADD 0xFFFFFFFF + imm 63", TT_GPR_OF(t, 3), 0x0000003Eu);

    /* SUBDMAREG: 2 - 0xFFFFFFFF = 3 (mod 2^32); 2 - imm 5 = -3 */
    tt_run(t, ALU(OP_SUB, 0, 3, 1, 2));
    tt_check_eq("SUB 2 - 0xFFFFFFFF", TT_GPR_OF(t, 3), 0x00000003u);
    tt_run(t, ALUI(OP_SUB, 0, 3, 5, 2));
    tt_check_eq("SUB 2 - imm 5", TT_GPR_OF(t, 3), 0xFFFFFFFDu);

    /*
     * MULDMAREG: only the low 16 bits of each input count.
     * 0x1234FFFF * 0xABCDFFFF -> 0xFFFF * 0xFFFF = 0xFFFE0001;
     * 0x1234FFFF * imm 63 -> 65535 * 63 = 4128705 = 0x3EFFC1;
     * 0x00030002 * 0x00050007 -> 2 * 7 = 14.
     */
    tt_set_gpr(t, 4, 0x1234FFFFu);
    tt_set_gpr(t, 5, 0xABCDFFFFu);
    tt_run(t, ALU(OP_MUL, 0, 6, 5, 4));
    tt_check_eq("MUL 0xFFFF * 0xFFFF", TT_GPR_OF(t, 6), 0xFFFE0001u);
    tt_run(t, ALUI(OP_MUL, 0, 6, 63, 4));
    tt_check_eq("MUL 0xFFFF * imm 63", TT_GPR_OF(t, 6), 0x003EFFC1u);
    tt_set_gpr(t, 4, 0x00030002u);
    tt_set_gpr(t, 5, 0x00050007u);
    tt_run(t, ALU(OP_MUL, 0, 6, 5, 4));
    tt_check_eq("MUL ignores high halves", TT_GPR_OF(t, 6), 14);

    /*
     * BITWOPDMAREG, Mode 0 AND, 1 OR, 2 XOR:
     * 0xF0F0A5A5 & 0x0FF05A5A = 0x00F00000, | = 0xFFF0FFFF, ^ = 0xFF00FFFF;
     * imm 37 = 0x25: 0xF0F0A5A5 & 0x25 = 0x25; 0x0FF05A5A | 0x25 =
     * 0x0FF05A7F; 0xF0F0A5A5 ^ 0x3F = 0xF0F0A59A.
     */
    tt_set_gpr(t, 8, 0xF0F0A5A5u);
    tt_set_gpr(t, 9, 0x0FF05A5Au);
    tt_run(t, ALU(OP_BITWOP, 0, 10, 9, 8));
    tt_check_eq("BITWOP AND", TT_GPR_OF(t, 10), 0x00F00000u);
    tt_run(t, ALU(OP_BITWOP, 1, 10, 9, 8));
    tt_check_eq("BITWOP OR", TT_GPR_OF(t, 10), 0xFFF0FFFFu);
    tt_run(t, ALU(OP_BITWOP, 2, 10, 9, 8));
    tt_check_eq("BITWOP XOR", TT_GPR_OF(t, 10), 0xFF00FFFFu);
    tt_run(t, ALUI(OP_BITWOP, 0, 10, 37, 8));
    tt_check_eq("BITWOP AND imm", TT_GPR_OF(t, 10), 0x00000025u);
    tt_run(t, ALUI(OP_BITWOP, 1, 10, 37, 9));
    tt_check_eq("BITWOP OR imm", TT_GPR_OF(t, 10), 0x0FF05A7Fu);
    tt_run(t, ALUI(OP_BITWOP, 2, 10, 63, 8));
    tt_check_eq("BITWOP XOR imm", TT_GPR_OF(t, 10), 0xF0F0A59Au);
    /* Mode 3 is undefined behaviour: the model leaves the result alone */
    tt_set_gpr(t, 10, 0x0000DEADu);
    tt_run(t, ALU(OP_BITWOP, 3, 10, 9, 8));
    tt_check_eq("BITWOP undefined mode", TT_GPR_OF(t, 10), 0x0000DEADu);

    /*
     * CMPDMAREG, unsigned, Mode 0 GT, 1 LT, 2 EQ; result 1 or 0 in the
     * whole GPR: 5 > 0xFFFFFFFB is false, 5 < 0xFFFFFFFB true, 5 == it
     * false; 5 == imm 5, 5 > imm 4 true; 0xFFFFFFFB < imm 63 false.
     */
    tt_set_gpr(t, 11, 5);
    tt_set_gpr(t, 12, 0xFFFFFFFBu);
    tt_set_gpr(t, 13, 0xFFFFFFFFu);
    tt_run(t, ALU(OP_CMP, 0, 13, 12, 11));
    tt_check_eq("CMP 5 > 0xFFFFFFFB", TT_GPR_OF(t, 13), 0);
    tt_set_gpr(t, 13, 0xFFFFFFFFu);
    tt_run(t, ALU(OP_CMP, 1, 13, 12, 11));
    tt_check_eq("CMP 5 < 0xFFFFFFFB", TT_GPR_OF(t, 13), 1);
    tt_run(t, ALU(OP_CMP, 2, 13, 12, 11));
    tt_check_eq("CMP 5 == 0xFFFFFFFB", TT_GPR_OF(t, 13), 0);
    tt_run(t, ALUI(OP_CMP, 2, 13, 5, 11));
    tt_check_eq("CMP 5 == imm 5", TT_GPR_OF(t, 13), 1);
    tt_set_gpr(t, 13, 0xFFFFFFFFu);
    tt_run(t, ALUI(OP_CMP, 0, 13, 4, 11));
    tt_check_eq("CMP 5 > imm 4", TT_GPR_OF(t, 13), 1);
    tt_run(t, ALUI(OP_CMP, 1, 13, 63, 12));
    tt_check_eq("CMP 0xFFFFFFFB < imm 63", TT_GPR_OF(t, 13), 0);

    /*
     * SHIFTDMAREG, Mode 0 left, 1 right; a register amount is taken
     * & 0x1f: 0x80000001 << 33 = << 1 = 0x00000002, >> 33 = 0x40000000,
     * << 32 = << 0 = 0x80000001.  Immediate: 5 bits (bits 10:6), so the
     * field 0x21 shifts by 1; << 31 = 0x80000000, >> 31 = 1.
     */
    tt_set_gpr(t, 14, 0x80000001u);
    tt_set_gpr(t, 15, 33);
    tt_set_gpr(t, 16, 32);
    tt_run(t, ALU(OP_SHIFT, 0, 17, 15, 14));
    tt_check_eq("SHIFT left by 33", TT_GPR_OF(t, 17), 0x00000002u);
    tt_run(t, ALU(OP_SHIFT, 1, 17, 15, 14));
    tt_check_eq("SHIFT right by 33", TT_GPR_OF(t, 17), 0x40000000u);
    tt_run(t, ALU(OP_SHIFT, 0, 17, 16, 14));
    tt_check_eq("SHIFT left by 32", TT_GPR_OF(t, 17), 0x80000001u);
    tt_run(t, ALUI(OP_SHIFT, 0, 17, 0x21, 14));
    tt_check_eq("SHIFT left by imm field 0x21", TT_GPR_OF(t, 17), 0x00000002u);
    tt_run(t, ALUI(OP_SHIFT, 0, 17, 31, 14));
    tt_check_eq("SHIFT left by imm 31", TT_GPR_OF(t, 17), 0x80000000u);
    tt_run(t, ALUI(OP_SHIFT, 1, 17, 31, 14));
    tt_check_eq("SHIFT right by imm 31", TT_GPR_OF(t, 17), 0x00000001u);

    /* Result register may be an operand: GPR1 = GPR1 + GPR1 */
    tt_set_gpr(t, 1, 0x40000001u);
    tt_run(t, ALU(OP_ADD, 0, 1, 1, 1));
    tt_check_eq("ADD in place", TT_GPR_OF(t, 1), 0x80000002u);
}

/* ------------------------------------------------------------------ */

static void test_setdmareg_special(int t)
{
    /*
     * InputSource 10 selects nothing: Values = {0}; ResultSize 2 writes
     * the four GPRs (ResultHalfReg >> 1) & 0x3c = 20..23.  ResultHalfReg
     * 43 -> GPR 21 -> group 20.
     */
    for (unsigned r = 20; r < 24; r++) {
        tt_set_gpr(t, r, 0x5A5A0000u | r);
    }
    tt_set_gpr(t, 24, 0x24242424u);
    tt_run(t, SETDMAREG_SPECIAL(2, 0, 10, 0, 43));
    for (unsigned r = 20; r < 24; r++) {
        tt_check_eq("SETDMAREG zero source", TT_GPR_OF(t, r), 0);
    }
    tt_check_eq("SETDMAREG zero source: next GPR", TT_GPR_OF(t, 24),
                0x24242424u);

    /*
     * InputSource 2: tile header of packer 0.  Config (state 0):
     * THCON_SEC0_REG1 = 0x51: Out_data_format (7:4) = 5,
     * Disable_zero_compress (bit 0) = 1, _ovrd (bit 21) = 0.
     * No PACR has run: TileSize = 0 + 1, AllZeroFlags = 0.
     * Values = { 1, (5 << 16) | (1 << 20) = 0x00150000, 0, 0 }.
     */
    TT_CFG(SEC0_REG1) = 0x00000051u;
    for (unsigned r = 28; r < 32; r++) {
        tt_set_gpr(t, r, 0xAAAAAAAAu);
    }
    tt_run(t, SETDMAREG_SPECIAL(2, 0, 2, 0, 2 * 28));
    tt_check_eq("tile header word 0 (TileSize)", TT_GPR_OF(t, 28), 1);
    tt_check_eq("tile header word 1 (format, DZC)", TT_GPR_OF(t, 29),
                0x00150000u);
    tt_check_eq("tile header word 2 (AllZeroFlags)", TT_GPR_OF(t, 30), 0);
    tt_check_eq("tile header word 3", TT_GPR_OF(t, 31), 0);

    /* ResultSize 1: Values[InputHalfReg >> 1] = Values[1] into GPR 33 */
    tt_set_gpr(t, 33, 0xAAAAAAAAu);
    tt_run(t, SETDMAREG_SPECIAL(1, 0, 2, 3, 2 * 33));
    tt_check_eq("SETDMAREG 32-bit", TT_GPR_OF(t, 33), 0x00150000u);
    /* ResultSize 0: half 3 of Values (0x0015) into the low half of GPR 34 */
    tt_set_gpr(t, 34, 0xBBBBBBBBu);
    tt_run(t, SETDMAREG_SPECIAL(0, 0, 2, 3, 2 * 34));
    tt_check_eq("SETDMAREG 16-bit", TT_GPR_OF(t, 34), 0xBBBB0015u);

    /*
     * _ovrd set: DisableZeroCompression = All_pack_disable_zero_compress
     * (bits 20:17) bit 0 = 0 -> Values[1] = 0x00050000.  ResultSize 3
     * keeps the reserved fields: word 0 high half, word 1 bits 15:0 and
     * 31:24, word 3.
     */
    TT_CFG(SEC0_REG1) = 0x00200051u;
    for (unsigned r = 28; r < 32; r++) {
        tt_set_gpr(t, r, 0xAAAAAAAAu);
    }
    tt_run(t, SETDMAREG_SPECIAL(3, 0, 2, 0, 2 * 28));
    tt_check_eq("tile header merge word 0", TT_GPR_OF(t, 28), 0xAAAA0001u);
    tt_check_eq("tile header merge word 1", TT_GPR_OF(t, 29), 0xAA05AAAAu);
    tt_check_eq("tile header merge word 2", TT_GPR_OF(t, 30), 0);
    tt_check_eq("tile header merge word 3", TT_GPR_OF(t, 31), 0xAAAAAAAAu);

    /*
     * InputSource 3, packer 1 (THCON_SEC0_REG8 = 0x31: format 3, DZC 1;
     * word 0's _ovrd clear).  Wormhole: Values[1] = 0x00130000.
     * Blackhole's assembly.yaml marks InputSource 3-5 RESERVED (one
     * packer): the model reads 0 there.
     */
    TT_CFG(SEC0_REG1) = 0;
    TT_CFG(SEC0_REG8) = 0x00000031u;
    tt_set_gpr(t, 33, 0xAAAAAAAAu);
    tt_run(t, SETDMAREG_SPECIAL(1, 0, 3, 2, 2 * 33));
#if defined(TT_ARCH_BH)
    tt_check_eq("tile header of packer 1 (reserved)", TT_GPR_OF(t, 33), 0);
#else
    tt_check_eq("tile header of packer 1", TT_GPR_OF(t, 33), 0x00130000u);
#endif
    TT_CFG(SEC0_REG8) = 0;
}

/* ------------------------------------------------------------------ */

static void test_reg2flop(int t)
{
    uint32_t before;

    /*
     * 32-bit: Config[StateID = 0][THCON_BASE + 5] = GPR 40.  SizeSel 1, 2
     * and 3 all take the 32-bit branch of the model.
     */
    TT_CFG(THCON_BASE + 5) = 0;
    tt_set_gpr(t, 40, 0xC0FFEE01u);
    tt_run(t, REG2FLOP_CFG(1, 5, 40));
    tt_check_eq("REG2FLOP 32-bit", TT_CFG(THCON_BASE + 5), 0xC0FFEE01u);
    tt_set_gpr(t, 40, 0xC0FFEE02u);
    tt_run(t, REG2FLOP_CFG(3, 5, 40));
    tt_check_eq("REG2FLOP SizeSel 3 writes 32 bits", TT_CFG(THCON_BASE + 5),
                0xC0FFEE02u);

    /*
     * 128-bit: index 17 & ~3 = 16, GPRs 45 & ~3 = 44..47 into words
     * THCON_BASE + 16..19; words 15 and 20 untouched.
     */
    for (unsigned i = 15; i <= 20; i++) {
        TT_CFG(THCON_BASE + i) = 0x77770000u | i;
    }
    for (unsigned r = 44; r < 48; r++) {
        tt_set_gpr(t, r, 0x12340000u | r);
    }
    tt_run(t, REG2FLOP_CFG(0, 17, 45));
    tt_check_eq("REG2FLOP 128-bit: word 15", TT_CFG(THCON_BASE + 15),
                0x7777000Fu);
    for (unsigned i = 0; i < 4; i++) {
        tt_check_eq("REG2FLOP 128-bit", TT_CFG(THCON_BASE + 16 + i),
                    0x12340000u | (44 + i));
    }
    tt_check_eq("REG2FLOP 128-bit: word 20", TT_CFG(THCON_BASE + 20),
                0x77770014u);

    /*
     * The last THCON word with fields is writable; index
     * GLOBAL_BASE - THCON_BASE is outside THCON_ configuration (undefined
     * behaviour: the model drops the write).
     */
    tt_set_gpr(t, 41, 0xFEED0041u);
    tt_run(t, REG2FLOP_CFG(1, LAST_THCON - THCON_BASE, 41));
    tt_check_eq("REG2FLOP last THCON word", TT_CFG(LAST_THCON),
                0xFEED0041u);
    before = TT_CFG(GLOBAL_BASE);
    tt_run(t, REG2FLOP_CFG(1, GLOBAL_BASE - THCON_BASE, 41));
    tt_check_eq("REG2FLOP beyond THCON words", TT_CFG(GLOBAL_BASE), before);
    TT_CFG(LAST_THCON) = 0;
}

/* ------------------------------------------------------------------ */

static void test_mmio(int t)
{
    uint32_t idx = THCON_BASE + 20;

    /*
     * STOREREG CFGREG_RD_CNTL = idx, then LOADREG CFGREG_RDDATA: the
     * debug pair returns TENSIX_CFG word idx (BackendConfiguration.md
     * "Debug registers"; DMANOPs for its "few cycles later").
     */
    TT_CFG(idx) = 0x0DDBA11u;
    tt_set_gpr(t, 50, idx);
    tt_set_gpr(t, 51, 0xFFFFFFFFu);
    tt_run(t, STOREREG(50, MMIO_LO(CFGREG_RD_CNTL)));
    tt_check_eq("STOREREG CFGREG_RD_CNTL", TT_REG(CFGREG_RD_CNTL), idx);
    for (int i = 0; i < 4; i++) {
        tt_run(t, DMANOP);
    }
    tt_run(t, LOADREG(51, MMIO_LO(CFGREG_RDDATA)));
    tt_check_eq("LOADREG CFGREG_RDDATA", TT_GPR_OF(t, 51), 0x0DDBA11u);

    /*
     * STOREIND (MMIO): Addr = GPR[52] + (Offset >> 4) = 0x12050 + 0x80 >>
     * 4 = 0x12058, 0xFFB00000 + (Addr & 0xFFFFC) = CFGREG_RD_CNTL; the
     * offset (low half of GPR 53, OffsetHalfReg 106) is incremented by 16
     * afterwards (OffsetIncrement 3), its high half untouched.
     */
    TT_CFG(idx + 1) = 0x5EED0001u;
    tt_set_gpr(t, 52, 0x12050);
    tt_set_gpr(t, 53, 0x99990080u);
    tt_set_gpr(t, 54, idx + 1);
    tt_run(t, STOREIND_MMIO(106, 3, 54, 52));
    tt_check_eq("STOREIND MMIO CFGREG_RD_CNTL", TT_REG(CFGREG_RD_CNTL),
                idx + 1);
    tt_check_eq("STOREIND MMIO offset += 16", TT_GPR_OF(t, 53), 0x99990090u);
    for (int i = 0; i < 4; i++) {
        tt_run(t, DMANOP);
    }
    tt_run(t, LOADREG(51, MMIO_LO(CFGREG_RDDATA)));
    tt_check_eq("LOADREG after STOREIND", TT_GPR_OF(t, 51), 0x5EED0001u);

    /* LOADREG below 0xFFB11000: undefined behaviour, the model loads 0 */
    tt_set_gpr(t, 55, 0x12345678u);
    tt_run(t, LOADREG(55, 0));
    tt_check_eq("LOADREG of a local RAM address", TT_GPR_OF(t, 55), 0);

    /* FLUSHDMA (any mask) and DMANOP retire at once */
    tt_run(t, FLUSHDMA(0));
    tt_run(t, FLUSHDMA(0xF));
    TT_CFG(idx) = 0;
    TT_CFG(idx + 1) = 0;
}

/* ------------------------------------------------------------------ */

/*
 * SoftReset.md: while SOFT_RESET_0 bit 9 (Scalar Unit soft reset) is held,
 * DMANOP and SETDMAREG execute but other ThCon instructions do not start;
 * while bit 8 (glue soft reset) is held no new ThCon instruction starts.
 */
static void test_soft_reset(void)
{
    uint32_t sr = TT_REG(TT_SOFT_RESET_0);

    tt_set_gpr(1, 5, 1);
    TT_REG(TT_SOFT_RESET_0) = sr | (1u << 9);
    tt_push(1, ALUI(OP_ADD, 0, 5, 1, 5));
    tt_check(!tt_wait_fifo_empty(1, 50), "ADDDMAREG waits in ThCon soft reset",
             1, 0);
    tt_check_eq("ADDDMAREG in soft reset: GPR", TT_GPR_OF(1, 5), 1);
    tt_run(2, TT_SETDMAREG(2 * 6, 0x6666));
    tt_check_eq("SETDMAREG runs in ThCon soft reset", TT_GPR_OF(2, 6) & 0xFFFF,
                0x6666);
    tt_run(0, DMANOP);
    TT_REG(TT_SOFT_RESET_0) = sr;
    tt_check(tt_wait_fifo_empty(1, 2000), "ADDDMAREG runs after the release", 0,
             1);
    tt_check_eq("ADDDMAREG after the release: 1 + 1", TT_GPR_OF(1, 5), 2);

    TT_REG(TT_SOFT_RESET_0) = sr | (1u << 8);
    tt_push(2, TT_SETDMAREG(2 * 6, 0x7777));
    tt_check(!tt_wait_fifo_empty(2, 50), "SETDMAREG waits in glue soft reset",
             1, 0);
    tt_check_eq("SETDMAREG in glue soft reset: GPR", TT_GPR_OF(2, 6) & 0xFFFF,
                0x6666);
    TT_REG(TT_SOFT_RESET_0) = sr;
    tt_check(tt_wait_fifo_empty(2, 2000), "SETDMAREG runs after the release", 0,
             1);
    tt_check_eq("SETDMAREG after the release", TT_GPR_OF(2, 6) & 0xFFFF,
                0x7777);
}

/* ------------------------------------------------------------------ */

void trisc_main(int t)
{
}

void ncrisc_main(void)
{
}

int brisc_main(void)
{
    tt_printf("thcon_regs (%s): ThCon arithmetic, SETDMAREG special, "
              "REG2FLOP, MMIO\n", TT_ARCH_NAME);

    /* Each thread has its own GPRs: run the ALU tests on all three */
    for (int t = 0; t < 3; t++) {
        test_alu(t);
    }
    test_setdmareg_special(1);
    test_reg2flop(2);
    test_mmio(0);
    test_mmio(2);
    test_soft_reset();

    if (tt_failures) {
        tt_printf("thcon_regs: FAILED (%d checks)\n", tt_failures);
        return 1;
    }
    tt_printf("thcon_regs: all checks passed\n");
    return 0;
}
