#!/usr/bin/env python3
"""Generate docs/coverage.md: one row per Tensix opcode of each architecture,
then the format and feature tables of the unpacker and packer pages.

The opcode list comes from hw-tensix/tt_opcodes.h (generated from tt-llk's
assembly.yaml by gen-isa-tables.py).  The status of each instruction is
kept in STATUS below and must be updated with the model: "tested" means a
test asserts values derived from the instruction's functional model,
"modelled" means implemented but not yet covered by such a test, anything
else is "not yet" (the model logs LOG_UNIMP and drops the instruction).
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# name -> (status, note)
STATUS = {
    # Sync Unit (tt_sync.c)
    'NOP': ('tested', 'only all-bits block masks catch it'),
    'SEMINIT': ('tested', ''),
    'SEMPOST': ('tested', 'also through PC_BUF MMIO'),
    'SEMGET': ('tested', 'also through PC_BUF MMIO'),
    'SEMWAIT': ('tested', 'both conditions; several semaphores'),
    'STALLWAIT': ('tested', 'unit-busy conditions met at once (units '
                  'retire instantly); SrcA/SrcB ownership conditions '
                  'read the bank hand-over state'),
    'ATGETM': ('tested', 'per-architecture mutex sets; fairness'),
    'ATRELM': ('tested', ''),
    'STREAMWAIT': ('tested', 'stream registers are overlay storage until '
                   'the stream engine exists'),
    # Scalar Unit, ThCon (tt_thcon.c)
    'SETDMAREG': ('tested', 'immediate and special modes (tile sizes, '
                  'AllZeroFlags, tile headers, exponent histograms and '
                  'maximum, AccTileSize reset read the packers\' state)'),
    'ADDDMAREG': ('tested', ''),
    'SUBDMAREG': ('tested', ''),
    'MULDMAREG': ('tested', ''),
    'BITWOPDMAREG': ('tested', ''),
    'CMPDMAREG': ('tested', ''),
    'SHIFTDMAREG': ('tested', ''),
    'LOADIND': ('tested', ''),
    'STOREIND': ('tested', 'L1, MMIO and Src variants'),
    'LOADREG': ('tested', ''),
    'STOREREG': ('tested', ''),
    'ATSWAP': ('tested', ''),
    'ATCAS': ('tested', 'waits poll L1 every 20 us of virtual time'),
    'ATINCGET': ('tested', ''),
    'ATINCGETPTR': ('tested', ''),
    'REG2FLOP': ('tested', 'configuration and ADC variants'),
    'FLUSHDMA': ('tested', ''),
    'DMANOP': ('tested', ''),
    'RSTDMA': ('not yet', 'no functional model in the ISA documentation'),
    # Configuration Unit (tt_cfg.c)
    'SETC16': ('tested', ''),
    'WRCFG': ('tested', '32- and 128-bit'),
    'RDCFG': ('tested', ''),
    'RMWCIB0': ('tested', ''),
    'RMWCIB1': ('tested', ''),
    'RMWCIB2': ('tested', ''),
    'RMWCIB3': ('tested', ''),
    'CFGSHIFTMASK': ('tested', ''),
    'STREAMWRCFG': ('tested', ''),
    # Mover (tt_mover.c)
    'XMOV': ('tested', 'all four directions; CFG and NCRISC IRAM targets'),
    # ADCs and RWCs (tt_adc.c)
    'SETADC': ('tested', ''),
    'SETADCXY': ('tested', ''),
    'SETADCZW': ('tested', ''),
    'SETADCXX': ('tested', ''),
    'INCADCXY': ('tested', ''),
    'INCADCZW': ('tested', ''),
    'ADDRCRXY': ('tested', ''),
    'ADDRCRZW': ('tested', ''),
    'SETRWC': ('tested', 'incl. FlipSrcA/FlipSrcB bank hand-over'),
    'INCRWC': ('tested', ''),
    'SETDVALID': ('tested', 'Wormhole; unsupported on Blackhole (logged, '
                  'dropped)'),
    'CLEARDVALID': ('tested', 'SrcA/SrcB bank state only (matrix unit '
                    'itself: data path)'),
    # Register files (tt_srcregs.c, tt_dstregs.c)
    'ZEROACC': ('tested', 'every clear_mode, 16/32-bit, DstRowValid, '
                'Blackhole clear_zero_flags and remap_addrs, ApplyAddrMod '
                '(ONE_ROW, 16_ROWS)'),
    'ZEROSRC': ('tested', 'both banks, matrix or unpacker bank, -inf for '
                'SrcA only'),
    # Unpackers (tt_unpack.c)
    'UNPACR': ('tested', 'Regular (every format conversion, contexts, '
               'ADCs, tilize, wrap, transpose, column shift, upsampling, '
               'decompression incl. DecompressDrop, RowSearch, Dst 16/32-'
               'bit with Blackhole remap/swizzle, FlipSrc, bank wait), '
               'IncrementContextCounter, context counter reset and '
               'migration, FlushCache (no cache); rareb_en/srcb_bcast '
               'logged'),
    'UNPACR_NOP': ('tested', 'SETDVALID form, clear forms (bank wait, '
                   'current/both banks, 0/-inf; Blackhole 1.0 per format, '
                   'immediate), NOP, Wormhole overlay clear (1 into the '
                   'stream\'s STREAM_MSG_DATA_CLEAR, both syntaxes); '
                   'Blackhole UNP_POP and the SETREG MMIO write logged (no '
                   'page, no SetRegBase; SetRegAcc kept)'),
    # Packers (tt_pack.c)
    'PACR': ('tested', 'Dst/L1/zero input, every output format (FP32, '
             'TF32, BF16, FP16, FP8, BFP8/4/2, BFP8a/4a/2a, INT32, INT16, '
             'INT8, UINT8), rounding incl. stochastic, edge masks, ReLU, '
             'histogram, thresholding, downsampling, compression, L1 '
             'accumulate, ADCs/AddrMod, OvrdThreadId, metadata; both '
             'architectures (Blackhole CtxtCtrl/DstAccessMode/RowPadZero/'
             'CfgContext logged)'),
    'PACR_SETREG': ('tested', 'flush and MMIO write (Wormhole SetRegBase/'
                    'SetRegHiScaler; Blackhole ModeSel data, AddrSel 2/3 '
                    'logged)'),
    # Matrix Unit data movement (tt_mov.c)
    'MOVA2D': ('tested', '1/8 rows, FP32/TF32/BF16/FP16 SrcAFmt, '
               'UseDst32bLo, bank and Wait Gate wait; both architectures '
               '(Blackhole: UNPACR_NOP SETDVALID); LaneConfig not modelled'),
    'MOVDBGA2D': ('tested', 'as MOVA2D without the wait; both '
                  'architectures'),
    'MOVB2D': ('tested', '1/4 rows, broadcast row to 8, broadcast column '
               '0; both architectures'),
    'MOVD2A': ('tested', '16/32-bit Dst, BF16/TF32 styles, UseDst32bLo; '
               'Blackhole implied SrcA format (tt-mov-test implied-fmt)'),
    'MOVD2B': ('tested', '4 rows, BF16/FP16 styles, UseDst32bLo'),
    'MOVB2A': ('tested', '4 rows, flush; TruncateSrc undefined (datum '
               'copied); both architectures'),
    'MOVDBGB2D': ('not yet', 'no functional model in the ISA documentation '
                  '(logged, no effect)'),
    # Matrix Unit in-place Src operations (tt_srcops.c)
    'TRNSPSRCB': ('tested', 'rows 16..31 transposed, other rows and bank '
                  'untouched, bank wait; Wormhole (Blackhole: waits, no '
                  'SETDVALID yet)'),
    'SHIFTXA': ('tested', 'right, left, other directions; input block '
                '(HardwareBug) from the last SrcA row address; Wormhole '
                '(Blackhole: waits)'),
    'SHIFTXB': ('tested', 'rotate, shift in zero, RWC row wrap, AddrMod; '
                'Wormhole (Blackhole: waits)'),
    'GATESRCRST': ('tested', 'no operand cache modelled: no effect, no '
                   'wait'),
    'CLREXPHIST': ('tested', 'every packer\'s histogram and maximum '
                   'exponent (tt-pack-test hist-threshold)'),
    'TRNSPSRCA': ('not yet', 'no functional model in the ISA documentation '
                  '(logged, no effect)'),
    'SETIBRWC': ('not yet', 'no functional model in the ISA documentation '
                 '(logged, no effect)'),
    # Matrix Unit arithmetic (tt_fpu.c)
    'ELWADD': ('tested', 'BF16/FP16 styles into BF16/FP16/FP32 Dst, INT8 '
               'into INT32, AddDst, broadcasts, fidelity divisions, bank '
               'flips, AddrMod; both architectures (Blackhole: UNPACR_NOP '
               'SETDVALID); TF32 modelled, not distinguishable by STOREIND '
               'data'),
    'ELWSUB': ('tested', 'as ELWADD'),
    'ELWMUL': ('tested', 'four fidelity phases (float and INT8), INT32 '
               'saturation; both architectures'),
    'MVMUL': ('tested', 'BF16 into BF16 Dst (ties both ways) and FP32 Dst, '
              'LoFi and HiFi4 phases, +=, BroadcastSrcBRow; both '
              'architectures; INT8/FP16/TF32 modelled, untested; 16-term '
              'sum rounded once to FP32 (docs/decisions.md)'),
    'DOTPV': ('tested', 'as MVMUL without BroadcastSrcBRow or AddDst'),
    'GAPOOL': ('tested', 'MVMUL on 4 rows (column averages); both '
               'architectures'),
    'GMPOOL': ('tested', 'BF16 column max with Dst (negative maximum, '
               'ties, zero-filled rows); ArgMax and SrcB scaling modelled '
               'from the page, untested'),
    # Matrix Unit legacy instructions (tt_fpu.c, MatrixUnit.md)
    'MFCONV3S1': ('tested', 'Dst += 0 (ELWADD with zero operands): 16/32-bit '
                  'Dst, undefined rows, AddrMod, flips; both '
                  'architectures'),
    'CONV3S1': ('tested', 'as MFCONV3S1'),
    'CONV3S2': ('tested', 'as MFCONV3S1'),
    'APOOL3S1': ('tested', 'as MFCONV3S1'),
    'APOOL3S2': ('tested', 'as MFCONV3S1'),
    'MPOOL3S1': ('tested', 'GMPOOL with SrcA zero: SrcB scaling, -inf '
                 'identity, BF16/TF32/INT32 Dst, index_en, AddrMod, flips; '
                 'both architectures'),
    'MPOOL3S2': ('tested', 'as MPOOL3S1'),
    # Vector Unit (tt_sfpu.c, tt_sfpu_ops.c, tt_sfpu_conv.c; sfpu.md)
    'SFPLOAD': ('tested', 'every Mod0 incl. SRCB, 16/32-bit Dst, RWC and '
                'AddrMod (no fidelity), column exchange, BLOCK and '
                'CAPTURE LaneConfig bits, INT32_ALL (Blackhole Sp); both '
                'architectures'),
    'SFPSTORE': ('tested', 'as SFPLOAD; Blackhole FP32 flush, Wormhole '
                 'INT32_SM/INT8_COMP conversions'),
    'SFPLOADI': ('tested', 'every Mod0, VD >= 8, undefined Mod0 logged'),
    'SFPCONFIG': ('tested', 'LReg[11..14], LaneConfig (OR/AND/XOR, high '
                  'bits), LoadMacroConfig, lane mask, UseLaneFlags gate'),
    'SFPNOP': ('tested', ''),
    'SFPENCC': ('tested', 'EI, EC, RI'),
    'SFPSETCC': ('tested', 'every Mod1'),
    'SFPPUSHC': ('tested', 'full stack (logged, dropped); Blackhole Mod1 '
                 'modes'),
    'SFPPOPC': ('tested', 'pop, peek modes, empty pop (logged), Wormhole '
                'full-stack bug'),
    'SFPCOMPC': ('tested', 'with and without a stack'),
    'SFPMAD': ('tested', 'bit-exact FMA per architecture (differential '
               'test against the reference model), INDIRECT_VA/VD, '
               'Blackhole negation'),
    'SFPADD': ('tested', 'as SFPMAD'),
    'SFPMUL': ('tested', 'as SFPMAD'),
    'SFPADDI': ('tested', 'Blackhole NEGATE_VC'),
    'SFPMULI': ('tested', 'Blackhole NEGATE_VC'),
    'SFPIADD': ('tested', 'immediate, add, subtract, every CC mode'),
    'SFPAND': ('tested', 'Blackhole USE_VB'),
    'SFPOR': ('tested', 'Blackhole USE_VB'),
    'SFPXOR': ('tested', ''),
    'SFPNOT': ('tested', ''),
    'SFPMOV': ('tested', 'negate, all lanes, special registers, PRNG'),
    'SFPABS': ('tested', 'integer and float (-NaN kept)'),
    'SFPSHFT': ('tested', 'immediate and register; Blackhole arithmetic '
                'and VC source'),
    'SFPLZ': ('tested', 'CC modes, sign mask'),
    'SFPSETEXP': ('tested', 'every mode'),
    'SFPSETMAN': ('tested', 'every mode'),
    'SFPSETSGN': ('tested', 'every mode'),
    'SFPEXEXP': ('tested', 'debias, CC modes'),
    'SFPEXMAN': ('tested', 'PAD9'),
    'SFPDIVP2': ('tested', 'set, add with wrap, Inf kept'),
    'SFPCAST': ('tested', 'nearest even and stochastic; Blackhole integer '
                'modes'),
    'SFP_STOCH_RND': ('tested', 'every mode; PRNG re-seeded by '
                      'PRNG_SEED (docs/units/sfpu.md)'),
    'SFPSWAP': ('tested', 'swap, min/max, sub-vectors, exchange, argmin/'
                'argmax'),
    'SFPTRANSP': ('tested', ''),
    'SFPSHFT2': ('tested', 'every mode; Wormhole SHFLSHR1 bug'),
    'SFPLUT': ('tested', ''),
    'SFPLUTFP32': ('tested', 'FP32, FP16 3- and 6-entry tables'),
    'SFPMUL24': ('tested', 'Blackhole'),
    'SFPGT': ('tested', 'Blackhole: VD, CC, stack OR/AND'),
    'SFPLE': ('tested', 'as SFPGT'),
    'SFPLOADMACRO': ('tested', 'sequencer per sub-unit and delay, '
                     'instruction-counted delays, operand overrides, '
                     'LReg[16], scheduled SFPSTORE, same-cycle reads, '
                     'discarded regular instruction, snapshots, '
                     'LoadMacroConfig differing between lanes (per-lane '
                     'sequences, templates, Store timing, discard); '
                     'cycle-counted work runs at once (docs/decisions.md)'),
    'SFPARECIP': ('tested', 'RECIP, COND_RECIP, EXP: the page\'s quoted '
                  'values, range boundaries, signs (tt-sfpu-test lut)'),
    # Frontend (tt_frontend.c)
    'MOP': ('tested', 'templates 0 and 1, OuterCount+128 quirk'),
    'MOP_CFG': ('tested', ''),
    'REPLAY': ('tested', 'record, record+execute, playback'),
    'RESOURCEDECL': ('modelled', 'accepted, no effect (Auto TTSync hint)'),
}

# Tables of the unit pages copied into coverage.md: (title, page, the
# first cells of the table's header row).  The unit page stays the one
# place to edit them; --check fails when this copy is stale.
UNIT_TABLES = [
    ('Unpacker: format conversions and their tests', 'unpack.md',
     '| In -> Out |'),
    ('Unpacker: features and their tests', 'unpack.md', '| Feature | Test |'),
    ('Packer: output formats and their tests', 'pack.md', '| Output |'),
    ('Packer: pipeline features and their tests', 'pack.md',
     '| Feature | Model | Test |'),
]


def unit_table(page, header):
    """The markdown table of docs/units/@page whose header starts @header"""
    with open(os.path.join(ROOT, 'docs', 'units', page)) as f:
        lines = f.read().split('\n')
    for i, line in enumerate(lines):
        if line.startswith(header):
            table = []
            for row in lines[i:]:
                if not row.startswith('|'):
                    break
                table.append(row)
            return table
    raise SystemExit(f'docs/units/{page}: no table starting "{header}"')


def main():
    ops = []
    with open(os.path.join(ROOT, 'hw-tensix', 'tt_opcodes.h')) as f:
        for line in f:
            m = re.match(r'#define TT_OP_(\w+)\s+0x([0-9a-f]+)(.*)', line)
            if m:
                ops.append((int(m.group(2), 16), m.group(1),
                            'Blackhole only' in m.group(3)))
    out = []
    out.append('# Instruction coverage\n')
    out.append('Generated by `scripts/gen-coverage.py` from '
               '`hw-tensix/tt_opcodes.h` and the unit pages; edit the '
               'status table in the script, or the unit page, not this '
               'file.\n')
    out.append('Status: **tested** (a test asserts values derived from the '
               'functional model), **modelled** (implemented, no such test '
               'yet), **not yet** (logged with `-d unimp` and dropped).\n')
    counts = {}
    for arch, bh in (('Wormhole B0', False), ('Blackhole', True)):
        rows = [o for o in ops if bh or not o[2]]
        out.append(f'\n## {arch} ({len(rows)} opcodes)\n')
        out.append('| Opcode | Instruction | Status | Notes |')
        out.append('|---|---|---|---|')
        for op, name, _ in sorted(rows):
            status, note = STATUS.get(name, ('not yet', ''))
            counts[(arch, status)] = counts.get((arch, status), 0) + 1
            out.append(f'| `0x{op:02X}` | {name} | {status} | {note} |')
    for title, page, header in UNIT_TABLES:
        out.append(f'\n## {title}\n')
        out.append(f'From [units/{page}](units/{page}) (both architectures '
                   'unless a row says otherwise).\n')
        out.extend(unit_table(page, header))
    out.append('\n## Summary\n')
    out.append('| Architecture | tested | modelled | not yet |')
    out.append('|---|---|---|---|')
    for arch in ('Wormhole B0', 'Blackhole'):
        out.append(f'| {arch} | {counts.get((arch, "tested"), 0)} | '
                   f'{counts.get((arch, "modelled"), 0)} | '
                   f'{counts.get((arch, "not yet"), 0)} |')
    text = '\n'.join(out) + '\n'
    path = os.path.join(ROOT, 'docs', 'coverage.md')
    if len(sys.argv) > 1 and sys.argv[1] == '--check':
        with open(path) as f:
            if f.read() != text:
                print('docs/coverage.md is stale: run scripts/gen-coverage.py')
                return 1
        return 0
    with open(path, 'w') as f:
        f.write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main())
