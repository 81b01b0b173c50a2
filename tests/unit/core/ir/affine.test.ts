import { describe, expect, it } from 'vitest';
import {
  AffineBinaryOpExpr,
  type AffineConstantExpr,
  AffineDimExpr,
  AffineMap,
  AffineParseError,
  AffineSymbolExpr,
  affineAdd,
  affineCeilDiv,
  affineConstant,
  affineDim,
  affineFloorDiv,
  affineMod,
  affineMul,
  affineNeg,
  affineSub,
  affineSymbol,
  getAffineBinaryOpExpr,
  getAffineConstantExpr,
  getAffineDimExpr,
  getAffineSymbolExpr,
  parseAffineMap,
  parseAffineMapAt,
  printAffineExpr,
  stridedLinearLayoutMap,
} from '../../../../core/ir/affine.js';

// Every expected string in the tables below was produced by LLVM 19.1.7's
// mlir-opt (`"test.op"() {m = affine_map<INPUT>} : () -> ()` with
// --allow-unregistered-dialect), i.e. MLIR's parser + simplifying AffineExpr
// operators + AsmPrinter. Error offsets are relative to the start of INPUT
// (the column mlir-opt reports minus the column where INPUT starts).

/** [input body, mlir-opt printed body] */
const PARSE_PRINT: ReadonlyArray<readonly [string, string]> = [
  ['() -> (0)', '() -> (0)'],
  ['()->()', '() -> ()'],
  ['()[s0] -> (s0)', '()[s0] -> (s0)'],
  ['(a.b, c$d) -> (a.b + c$d)', '(d0, d1) -> (d0 + d1)'],
  [
    '(d0) -> ((-9223372036854775807 - 1) ceildiv -1, (-9223372036854775807 - 1) floordiv -1, -9223372036854775807 - 1 - 1)',
    '(d0) -> (-9223372036854775808 ceildiv -1, -9223372036854775808 floordiv -1, -9223372036854775808 - 1)',
  ],
  ['(d0) -> ((-9223372036854775807 - 1) ceildiv 3)', '(d0) -> (-3074457345618258602)'],
  ['(d0) -> ((-9223372036854775807 - 1) floordiv -1)', '(d0) -> (-9223372036854775808 floordiv -1)'],
  ['(d0) -> ((-9223372036854775807 - 1) floordiv 3)', '(d0) -> (-3074457345618258603)'],
  ['(d0) -> ((-9223372036854775807 - 1) mod 3)', '(d0) -> (1)'],
  [
    '(d0) -> ((d0 * 4 + 8) mod 4, (d0 * 4 + 6) mod 4, (d0 * 4 + 6) floordiv 4, (d0 * 6 + 4) floordiv 4, (d0 * 6 + 4) ceildiv 4)',
    '(d0) -> (0, 2, d0 + 1, (d0 * 6) floordiv 4 + 1, (d0 * 6 + 4) ceildiv 4)',
  ],
  [
    '(d0) -> ((d0 * 4) ceildiv -2, (d0 * 4) mod -2, d0 floordiv 1, d0 floordiv -1, d0 ceildiv -1, d0 mod 1, d0 mod -1)',
    '(d0) -> (d0 * -2, (d0 * 4) mod -2, d0, d0 floordiv -1, d0 ceildiv -1, 0, d0 mod -1)',
  ],
  ['(d0) -> ((d0 * 4) floordiv 0, (d0 * 4) ceildiv -1, (d0*4) floordiv -1, d0 ceildiv 1)', '(d0) -> ((d0 * 4) floordiv 0, d0 * -4, d0 * -4, d0)'],
  ['(d0) -> ((d0 * 6) ceildiv 3)', '(d0) -> (d0 * 2)'],
  ['(d0) -> ((d0 * 8 + 3) floordiv 4)', '(d0) -> (d0 * 2)'],
  ['(d0) -> ((d0 * 8 + 3) mod 4)', '(d0) -> (3)'],
  ['(d0) -> ((d0 * 8) floordiv 4)', '(d0) -> (d0 * 2)'],
  ['(d0) -> ((d0 * 8) mod 4)', '(d0) -> (0)'],
  ['(d0) -> ((d0 + 1) + (d0 + 1))', '(d0) -> ((d0 + 1) * 2)'],
  ['(d0) -> ((d0 floordiv 4) * -4 + d0)', '(d0) -> ((d0 floordiv 4) * -4 + d0)'],
  ['(d0) -> ((d0 floordiv 4) * 4)', '(d0) -> ((d0 floordiv 4) * 4)'],
  ['(d0) -> ((d0 mod 4) mod 8)', '(d0) -> ((d0 mod 4) mod 8)'],
  ['(d0) -> ((d0 mod 8) mod 4)', '(d0) -> (d0 mod 4)'],
  ['(d0) -> ()', '(d0) -> ()'],
  ['(d0) -> (-(-9223372036854775807 - 1))', '(d0) -> (--9223372036854775808)'],
  ['(d0) -> (-(d0 * 2), -(d0 * 2) + 1, 1 - d0 * 2, 1 - (d0 - 2))', '(d0) -> (d0 * -2, d0 * -2 + 1, d0 * -2 + 1, -(d0 - 2) + 1)'],
  ['(d0) -> (-(d0 + 1))', '(d0) -> (-(d0 + 1))'],
  ['(d0) -> (-9223372036854775807 - 1)', '(d0) -> (-9223372036854775808)'],
  ['(d0) -> (-9223372036854775807 - 2)', '(d0) -> (-9223372036854775807 - 2)'],
  ['(d0) -> (-d0)', '(d0) -> (-d0)'],
  ['(d0) -> (0 + d0 * -1)', '(d0) -> (-d0)'],
  ['(d0) -> (0 + d0 * 1)', '(d0) -> (d0)'],
  ['(d0) -> (0x10 + d0)', '(d0) -> (d0 + 16)'],
  ['(d0) -> (2 * 9223372036854775807)', '(d0) -> (2 * 9223372036854775807)'],
  ['(d0) -> (2 * d0)', '(d0) -> (d0 * 2)'],
  ['(d0) -> (4 + d0 * -2)', '(d0) -> (d0 * -2 + 4)'],
  ['(d0) -> (4 + d0)', '(d0) -> (d0 + 4)'],
  ['(d0) -> (7 floordiv -2, 7 ceildiv -2, -7 floordiv -2, 7 mod -3, 7 mod 0, 0 floordiv 0, 0 mod -1)', '(d0) -> (-4, -3, 3, 7 mod -3, 7 mod 0, 0 floordiv 0, 0 mod -1)'],
  ['(d0) -> (7 floordiv 2, -7 floordiv 2, 7 ceildiv 2, -7 ceildiv 2, -7 mod 3, 7 mod -3, 7 floordiv 0)', '(d0) -> (3, -4, 4, -3, 2, 7 mod -3, 7 floordiv 0)'],
  ['(d0) -> (9223372036854775807 * 2)', '(d0) -> (9223372036854775807 * 2)'],
  ['(d0) -> (9223372036854775807 + 1)', '(d0) -> (9223372036854775807 + 1)'],
  ['(d0) -> (d0 * 2 * 3)', '(d0) -> (d0 * 6)'],
  ['(d0) -> (d0 * 2 + d0)', '(d0) -> (d0 * 3)'],
  ['(d0) -> (d0 * 3 + d0 * 2)', '(d0) -> (d0 * 5)'],
  ['(d0) -> (d0 * 4611686018427387904 * 2)', '(d0) -> (d0 * -9223372036854775808)'],
  ['(d0) -> (d0 * 9223372036854775807 * 2)', '(d0) -> (d0 * -2)'],
  ['(d0) -> (d0 + ((d0 floordiv 4) - 4))', '(d0) -> (d0 + d0 floordiv 4 - 4)'],
  ['(d0) -> (d0 + (d0 floordiv 4) * -4)', '(d0) -> (d0 mod 4)'],
  ['(d0) -> (d0 + (d0 floordiv 4) floordiv -4, d0 + (d0 floordiv 4) ceildiv -4)', '(d0) -> (d0 + (d0 floordiv 4) floordiv -4, d0 + (d0 floordiv 4) ceildiv -4)'],
  ['(d0) -> (d0 + (d0 floordiv 4) mod -4)', '(d0) -> (d0 + (d0 floordiv 4) mod -4)'],
  ['(d0) -> (d0 + 0x7fffffffffffffff)', '(d0) -> (d0 + 9223372036854775807)'],
  ['(d0) -> (d0 + 1 + d0)', '(d0) -> (d0 * 2 + 1)'],
  ['(d0) -> (d0 + 2 + 3)', '(d0) -> (d0 + 5)'],
  ['(d0) -> (d0 + 4611686018427387904 + 4611686018427387904)', '(d0) -> (d0 - -9223372036854775808)'],
  ['(d0) -> (d0 + 9223372036854775807 + 1)', '(d0) -> (d0 - -9223372036854775808)'],
  ['(d0) -> (d0 + 9223372036854775807)', '(d0) -> (d0 + 9223372036854775807)'],
  ['(d0) -> (d0 + d0 * 2)', '(d0) -> (d0 * 3)'],
  ['(d0) -> (d0 + d0)', '(d0) -> (d0 * 2)'],
  ['(d0) -> (d0 - (d0 floordiv 4) * 4 + 1)', '(d0) -> (d0 mod 4 + 1)'],
  ['(d0) -> (d0 - (d0 floordiv 4) * 4)', '(d0) -> (d0 mod 4)'],
  ['(d0) -> (d0 - 9223372036854775807 - 1)', '(d0) -> (d0 - -9223372036854775808)'],
  ['(d0) -> (d0 - d0)', '(d0) -> (0)'],
  ['(d0) -> (d0 ceildiv 1)', '(d0) -> (d0)'],
  ['(d0) -> (d0 floordiv -2 floordiv 3)', '(d0) -> ((d0 floordiv -2) floordiv 3)'],
  ['(d0) -> (d0 floordiv -2, d0 mod 0, d0 ceildiv -1)', '(d0) -> (d0 floordiv -2, d0 mod 0, d0 ceildiv -1)'],
  ['(d0) -> (d0 floordiv 4 * 4)', '(d0) -> ((d0 floordiv 4) * 4)'],
  ['(d0) -> (d0 mod 2 * 3, (d0 mod 2) mod 2, -(d0 mod 2))', '(d0) -> ((d0 mod 2) * 3, d0 mod 2, -(d0 mod 2))'],
  ['(d0) -> (d0 mod 4 - d0 mod 4)', '(d0) -> (0)'],
  ['(d0) -> (d0)', '(d0) -> (d0)'],
  ['(d0)[] -> (d0)', '(d0) -> (d0)'],
  ['(d0)[s0, s1] -> ((s0 * 2) * s1, s1 * (s0 * 2))', '(d0)[s0, s1] -> ((s0 * s1) * 2, s1 * (s0 * 2))'],
  [
    '(d0)[s0, s1] -> (s0 * s1, s1 * s0, 2 * s0, s0 floordiv s1, d0 mod s0, d0 floordiv s0, d0 ceildiv s1)',
    '(d0)[s0, s1] -> (s0 * s1, s1 * s0, s0 * 2, s0 floordiv s1, d0 mod s0, d0 floordiv s0, d0 ceildiv s1)',
  ],
  ['(d0)[s0] -> ((d0 * 4) floordiv s0, d0 floordiv 0, (d0 * 4) floordiv -2)', '(d0)[s0] -> ((d0 * 4) floordiv s0, d0 floordiv 0, d0 * -2)'],
  ['(d0)[s0] -> ((d0 * s0) floordiv s0, (d0 * s0) mod s0)', '(d0)[s0] -> ((d0 * s0) floordiv s0, (d0 * s0) mod s0)'],
  ['(d0)[s0] -> ((d0 + s0) mod s0, (d0 * s0 + s0) floordiv s0)', '(d0)[s0] -> ((d0 + s0) mod s0, (d0 * s0 + s0) floordiv s0)'],
  ['(d0)[s0] -> ((s0 + 1) + (s0 + 2))', '(d0)[s0] -> (s0 + s0 + 2 + 1)'],
  ['(d0)[s0] -> (-(d0 * s0), -(d0 * s0) * 3, d0 - d0 * s0, -s0, -(s0 * 2))', '(d0)[s0] -> (-(d0 * s0), (d0 * s0) * -3, d0 - d0 * s0, -s0, s0 * -2)'],
  ['(d0)[s0] -> (-(d0 + s0) * 4)', '(d0)[s0] -> ((d0 + s0) * -4)'],
  ['(d0)[s0] -> (-d0 * s0)', '(d0)[s0] -> (-(d0 * s0))'],
  ['(d0)[s0] -> (1 + s0)', '(d0)[s0] -> (s0 + 1)'],
  ['(d0)[s0] -> (d0 * -s0)', '(d0)[s0] -> (d0 * (-s0))'],
  ['(d0)[s0] -> (d0 * 2 * s0)', '(d0)[s0] -> ((d0 * s0) * 2)'],
  ['(d0)[s0] -> (d0 * s0 * 2 + d0 * s0 * 3, d0 * 2 - d0 * 2, s0 * 3 + s0, d0 * -1 + d0)', '(d0)[s0] -> ((d0 * s0) * 5, 0, s0 * 4, 0)'],
  ['(d0)[s0] -> (d0 * s0 + d0 * s0)', '(d0)[s0] -> ((d0 * s0) * 2)'],
  ['(d0)[s0] -> (d0 * s0)', '(d0)[s0] -> (d0 * s0)'],
  ['(d0)[s0] -> (d0 + (d0 floordiv s0) * -s0)', '(d0)[s0] -> (d0 mod s0)'],
  ['(d0)[s0] -> (d0 + s0 * -1 * 3)', '(d0)[s0] -> (d0 - s0 * 3)'],
  ['(d0)[s0] -> (d0 + s0 + 1)', '(d0)[s0] -> (d0 + s0 + 1)'],
  ['(d0)[s0] -> (d0 - (d0 floordiv 4) * s0)', '(d0)[s0] -> (d0 - (d0 floordiv 4) * s0)'],
  ['(d0)[s0] -> (d0 - (d0 floordiv s0) * s0)', '(d0)[s0] -> (d0 mod s0)'],
  ['(d0)[s0] -> (d0 - s0, d0 - s0 * 2, s0 - d0)', '(d0)[s0] -> (d0 - s0, d0 - s0 * 2, -d0 + s0)'],
  ['(d0)[s0] -> (d0 floordiv s0 * s0)', '(d0)[s0] -> ((d0 floordiv s0) * s0)'],
  ['(d0)[s0] -> (s0 * (d0 * 2))', '(d0)[s0] -> ((d0 * s0) * 2)'],
  ['(d0)[s0] -> (s0 * 2 * d0)', '(d0)[s0] -> (d0 * (s0 * 2))'],
  ['(d0)[s0] -> (s0 * d0)', '(d0)[s0] -> (d0 * s0)'],
  ['(d0)[s0] -> (s0 + 1 + d0)', '(d0)[s0] -> (d0 + s0 + 1)'],
  ['(d0)[s0] -> (s0 + 9223372036854775807 + 1)', '(d0)[s0] -> (s0 - -9223372036854775808)'],
  ['(d0)[s0] -> (s0 + d0 * 2 + 1, 3 + s0 + d0 * 2 + 1)', '(d0)[s0] -> (d0 * 2 + s0 + 1, d0 * 2 + s0 + 3 + 1)'],
  ['(d0)[s0] -> (s0 + d0)', '(d0)[s0] -> (d0 + s0)'],
  ['(d0)[s0] -> (s0 + s0)', '(d0)[s0] -> (s0 * 2)'],
  ['(d0)[s0] -> (s0 - (d0 - s0))', '(d0)[s0] -> (-(d0 - s0) + s0)'],
  [
    '(d0, d1) -> (((d0 * 4) mod 6 + d1) floordiv 2, ((d0 * 4) floordiv 6 + d1) floordiv 2, ((d0 * 4) ceildiv 6 + d1) floordiv 2)',
    '(d0, d1) -> (((d0 * 4) mod 6) floordiv 2 + d1 floordiv 2, ((d0 * 4) floordiv 6 + d1) floordiv 2, ((d0 * 4) ceildiv 6 + d1) floordiv 2)',
  ],
  ['(d0, d1) -> ((d0 * 3 + d1 * 6) mod 3, (d0 * 6 + d1 * 9) mod 3, (d0 * 6 + d1 * 9) floordiv 3)', '(d0, d1) -> (0, 0, d0 * 2 + d1 * 3)'],
  [
    '(d0, d1) -> ((d0 * 4 + d1) floordiv -2, (d0 * 4 + d1) mod -2, (d0 * 4 + d1) floordiv 2, (d0 * 4 + d1) mod 2, (d0 * 4 + d1) ceildiv 2)',
    '(d0, d1) -> (d0 * -2 + d1 floordiv -2, (d0 * 4 + d1) mod -2, d0 * 2 + d1 floordiv 2, d1 mod 2, (d0 * 4 + d1) ceildiv 2)',
  ],
  ['(d0, d1) -> ((d0 * 8 + d1) floordiv 4)', '(d0, d1) -> (d0 * 2 + d1 floordiv 4)'],
  ['(d0, d1) -> ((d0 + d1) * 2 - d0 * 2)', '(d0, d1) -> ((d0 + d1) * 2 - d0 * 2)'],
  [
    '(d0, d1) -> ((d0 + d1) * 2, (d0 + d1) floordiv 2, d0 floordiv 2 + d1, (d0 floordiv 2) floordiv 3, d0 floordiv (2 * 3))',
    '(d0, d1) -> ((d0 + d1) * 2, (d0 + d1) floordiv 2, d0 floordiv 2 + d1, (d0 floordiv 2) floordiv 3, d0 floordiv 6)',
  ],
  ['(d0, d1) -> ((d0 floordiv 4) * 4 + d0 mod 4)', '(d0, d1) -> ((d0 floordiv 4) * 4 + d0 mod 4)'],
  [
    '(d0, d1) -> ((d1 + d0 * 4) floordiv 2, (d1 + d0 * 4) mod 2, (d0 * 5) floordiv 2, (d0 * 0) floordiv 2, (d0 mod 6) mod 3, (d0 mod 6) mod -3, (d0 mod -6) mod 3)',
    '(d0, d1) -> (d1 floordiv 2 + d0 * 2, d1 mod 2, (d0 * 5) floordiv 2, 0, d0 mod 3, (d0 mod 6) mod -3, (d0 mod -6) mod 3)',
  ],
  ['(d0, d1) -> (-(d0 - d1), -(-d0), d0 - (-d1), (d0 - d1) * 3, (d0 - d1) * -1 * 2)', '(d0, d1) -> (-(d0 - d1), d0, d0 + d1, (d0 - d1) * 3, (d0 - d1) * -2)'],
  ['(d0, d1) -> (-(d0 floordiv 2), (-d0) floordiv 2, -d0 floordiv 2, -d0 * 3)', '(d0, d1) -> (-(d0 floordiv 2), (-d0) floordiv 2, (-d0) floordiv 2, d0 * -3)'],
  ['(d0, d1) -> (0 + d0 * 1 + d1 * 4)', '(d0, d1) -> (d0 + d1 * 4)'],
  ['(d0, d1) -> (0 + d0 * 4 + d1 * 1)', '(d0, d1) -> (d0 * 4 + d1)'],
  ['(d0, d1) -> (8 + d0 * 4 + d1 * 1)', '(d0, d1) -> (d0 * 4 + d1 + 8)'],
  ['(d0, d1) -> (d0 * -1 + d1 * -1, -d0 - d1, -d0 + 5, 5 - d0, 0 - d0)', '(d0, d1) -> (-d0 - d1, -d0 - d1, -d0 + 5, -d0 + 5, -d0)'],
  ['(d0, d1) -> (d0 * 2 + d1 * 2 - (d0 + d1) * 2)', '(d0, d1) -> (d0 * 2 + d1 * 2 - (d0 + d1) * 2)'],
  ['(d0, d1) -> (d0 * 4 + d1)', '(d0, d1) -> (d0 * 4 + d1)'],
  ['(d0, d1) -> (d0 + 2 + d1)', '(d0, d1) -> (d0 + d1 + 2)'],
  ['(d0, d1) -> (d0 + d1 * -2)', '(d0, d1) -> (d0 - d1 * 2)'],
  ['(d0, d1) -> (d0 + d1 + d0 + d1)', '(d0, d1) -> (d0 + d1 + d0 + d1)'],
  ['(d0, d1) -> (d0 + d1 - (d0 + d1) floordiv 4 * 4)', '(d0, d1) -> ((d0 + d1) mod 4)'],
  ['(d0, d1) -> (d0 - (d1 + 1))', '(d0, d1) -> (d0 - (d1 + 1))'],
  ['(d0, d1) -> (d0 - (d1 + d0))', '(d0, d1) -> (d0 - (d1 + d0))'],
  ['(d0, d1) -> (d0 - d1 * -2, d0 + d1 * 2)', '(d0, d1) -> (d0 + d1 * 2, d0 + d1 * 2)'],
  [
    '(d0, d1) -> (d0 - d1 * 3, d0 - 3, d0 + -3, -3 + d0, d0 - (d1 floordiv 2), d0 - (d1 floordiv 2) * 3)',
    '(d0, d1) -> (d0 - d1 * 3, d0 - 3, d0 - 3, d0 - 3, d0 - d1 floordiv 2, d0 - (d1 floordiv 2) * 3)',
  ],
  ['(d0, d1) -> (d0 floordiv 4 + d1 ceildiv 8 + d0 mod 3)', '(d0, d1) -> (d0 floordiv 4 + d1 ceildiv 8 + d0 mod 3)'],
  ['(d0, d1) -> (d0 mod 4 + (d0 floordiv 4) * 4)', '(d0, d1) -> (d0 mod 4 + (d0 floordiv 4) * 4)'],
  ['(d0, d1) -> (d1 + d0 * 4 - 3)', '(d0, d1) -> (d1 + d0 * 4 - 3)'],
  ['(d0, d1)[s0, s1, s2] -> (s0 + d0 * s1 + d1 * s2)', '(d0, d1)[s0, s1, s2] -> (d0 * s1 + s0 + d1 * s2)'],
  ['(d0, d1)[s0, s1] -> (s0 + d0 * s1 + d1 * 1)', '(d0, d1)[s0, s1] -> (d0 * s1 + s0 + d1)'],
  ['(d0, d1)[s0] -> ((d0 * s0) * (s0 * 2), (s0 * 3) * (s0 * 2), d0 * (s0 * 3) * 2)', '(d0, d1)[s0] -> ((d0 * s0) * (s0 * 2), (s0 * (s0 * 2)) * 3, (d0 * (s0 * 3)) * 2)'],
  ['(d0, d1)[s0] -> ((d0 + 1) * s0)', '(d0, d1)[s0] -> ((d0 + 1) * s0)'],
  ['(d0, d1)[s0] -> ((d0 + 1) + (d1 + 2))', '(d0, d1)[s0] -> (d0 + d1 + 2 + 1)'],
  ['(d0, d1)[s0] -> (0 + d0 * s0 + d1 * 1)', '(d0, d1)[s0] -> (d0 * s0 + d1)'],
  ['(d0, d1)[s0] -> (5 + d0 * 1 + d1 * s0)', '(d0, d1)[s0] -> (d0 + d1 * s0 + 5)'],
  ['(d0, d1)[s0] -> (d0 + (s0 + d1))', '(d0, d1)[s0] -> (d0 + d1 + s0)'],
  ['(d0, d1)[s0] -> (s0 + d0 * 4 + d1 * 1)', '(d0, d1)[s0] -> (d0 * 4 + s0 + d1)'],
  ['(d0, d1, d2) -> (0 + d0 * 20 + d1 * 5 + d2 * 1)', '(d0, d1, d2) -> (d0 * 20 + d1 * 5 + d2)'],
  [
    '(d0, d1, d2) -> (d0 + (d1 + d2), (d0 + d1) + d2, d0 - (d1 - d2), d0 * 2 + d1 * 3 + d2 * 4 + 5)',
    '(d0, d1, d2) -> (d0 + d1 + d2, d0 + d1 + d2, d0 - (d1 - d2), d0 * 2 + d1 * 3 + d2 * 4 + 5)',
  ],
  ['(d0, d1, d2)[s0, s1] -> (-3 + d0 * s0 + d1 * s1 + d2 * 1)', '(d0, d1, d2)[s0, s1] -> (d0 * s0 + d1 * s1 + d2 - 3)'],
  ['(d0, d1, d2)[s0, s1] -> (d0 * s0 + d1 * s1 + d2 + s0 * s1 + 7)', '(d0, d1, d2)[s0, s1] -> (d0 * s0 + d1 * s1 + d2 + s0 * s1 + 7)'],
  ['(d0,d1)->(d0 * -1)', '(d0, d1) -> (-d0)'],
  ['(floordiv, mod) -> (floordiv mod 2)', '(d0, d1) -> (d0 mod 2)'],
  ['(i, j)[N] -> (i + j * N)', '(d0, d1)[s0] -> (d0 + d1 * s0)'],
  ['(i32, index) -> (i32 + index)', '(d0, d1) -> (d0 + d1)'],
  // Re-parsing some printed forms simplifies further (also checked with mlir-opt).
  ['(d0)[s0] -> (s0 + s0 + 2 + 1)', '(d0)[s0] -> (s0 * 2 + 3)'],
  ['(d0)[s0] -> (d0 * 2 + s0 + 1, d0 * 2 + s0 + 3 + 1)', '(d0)[s0] -> (d0 * 2 + s0 + 1, d0 * 2 + s0 + 4)'],
  ['(d0, d1)[s0] -> (d0 + d1 + 2 + 1)', '(d0, d1)[s0] -> (d0 + d1 + 3)'],
];

/** [input body, error offset into input, message] */
const PARSE_ERRORS: ReadonlyArray<readonly [string, number, string]> = [
  ['  (d0) -> (d0 + x)', 15, 'use of undeclared identifier'],
  ['(', 1, 'expected bare identifier'],
  ['(1) -> (d0)', 1, 'expected bare identifier'],
  ['(d0', 3, "expected ')' in dimensional identifier list"],
  ['(d0 d1) -> (d0)', 3, "expected ')' in dimensional identifier list"],
  ['(d0)', 4, "expected '->' or ':'"],
  ['(d0) ->   (d0 +    x)', 15, 'use of undeclared identifier'],
  ['(d0) -> (', 9, 'expected affine expression'],
  ['(d0) -> (%x)', 9, 'unexpected ssa identifier'],
  ['(d0) -> (())', 10, 'no expression inside parentheses'],
  ['(d0) -> (* d0)', 9, 'missing left operand of binary operator'],
  ['(d0) -> (-)', 10, 'expected affine expression'],
  ['(d0) -> (d0', 11, "expected ')' in affine map range"],
  ['(d0) -> (d0 * (d0 + 1))', 12, 'non-affine expression: at least one of the multiply operands has to be either a constant or symbolic'],
  ['(d0) -> (d0 +', 13, 'missing right operand of binary operator'],
  ['(d0) -> (d0 + )', 14, 'missing right operand of binary operator'],
  ['(d0) -> (d0 + 0x8000000000000000)', 14, 'constant too large for index'],
  ['(d0) -> (d0 + 1.5)', 14, 'missing right operand of binary operator'],
  ['(d0) -> (d0 + 9223372036854775808)', 14, 'constant too large for index'],
  ['(d0) -> (d0 + 99999999999999999999)', 14, 'constant too large for index'],
  ['(d0) -> (d0 + x)', 13, 'use of undeclared identifier'],
  ['(d0) -> (d0 ceildiv (d0 + 1))', 12, 'non-affine expression: right operand of ceildiv has to be either a constant or symbolic'],
  ['(d0) -> (d0 floordiv)', 20, 'missing right operand of binary operator'],
  ['(d0) -> (d0 mod d0)', 12, 'non-affine expression: right operand of mod has to be either a constant or symbolic'],
  ['(d0) -> (d0 x)', 11, "expected ')' in affine map range"],
  ['(d0) -> (d0,)', 12, 'expected affine expression'],
  ['(d0) : (d0 >= 0)', 0, 'expected AffineMap, but got IntegerSet'],
  ['(d0)[s0', 7, "expected ']' in symbol list"],
  ['(d0)[s0 -> (d0)', 7, "expected ']' in symbol list"],
  ['(d0, d0) -> (d0)', 5, "redefinition of identifier 'd0'"],
  ['(d0, d1) -> (d0 * 2 * d1)', 20, 'non-affine expression: at least one of the multiply operands has to be either a constant or symbolic'],
  ['(d0, d1) -> (d0 * 2 mod d1)', 20, 'non-affine expression: right operand of mod has to be either a constant or symbolic'],
  ['(d0, d1) -> (d0 * d1)', 16, 'non-affine expression: at least one of the multiply operands has to be either a constant or symbolic'],
  ['(d0, d1) -> (d0 + (d0 floordiv 4) * d1 * -1)', 39, 'non-affine expression: at least one of the multiply operands has to be either a constant or symbolic'],
  ['(d0, d1) -> (d1 * d0 + 2)', 16, 'non-affine expression: at least one of the multiply operands has to be either a constant or symbolic'],
  ['(d0,) -> (d0)', 4, 'expected bare identifier'],
  [
    '(d0,d1) -> ((d0 * 4 + d1 * 6) mod 2, (d0 * 4 + d1 * 6) mod 4, (d0 * 4 * (d1 * 8)) mod 32)',
    70,
    'non-affine expression: at least one of the multiply operands has to be either a constant or symbolic',
  ],
  ['(d0,d1)->(d0 floordiv d1)', 13, 'non-affine expression: right operand of floordiv has to be either a constant or symbolic'],
  ['(symbol) -> (symbol)', 19, "expected '(' at start of SSA symbol"],
  ['(d0) -> (-9223372036854775808)', 10, 'constant too large for index'],
  ['(d0) -> (d0 - -9223372036854775808)', 15, 'constant too large for index'],
];

/** Printed forms that mlir-opt prints back unchanged. */
const FIXED_POINTS: readonly string[] = [
  '() -> (0)',
  '() -> ()',
  '()[s0] -> (s0)',
  '(d0, d1) -> (d0 + d1)',
  '(d0) -> (-3074457345618258602)',
  '(d0) -> (-3074457345618258603)',
  '(d0) -> (1)',
  '(d0) -> (0, 2, d0 + 1, (d0 * 6) floordiv 4 + 1, (d0 * 6 + 4) ceildiv 4)',
  '(d0) -> (d0 * -2, (d0 * 4) mod -2, d0, d0 floordiv -1, d0 ceildiv -1, 0, d0 mod -1)',
  '(d0) -> ((d0 * 4) floordiv 0, d0 * -4, d0 * -4, d0)',
  '(d0) -> (d0 * 2)',
  '(d0) -> (3)',
  '(d0) -> (0)',
  '(d0) -> ((d0 + 1) * 2)',
  '(d0) -> ((d0 floordiv 4) * -4 + d0)',
  '(d0) -> ((d0 floordiv 4) * 4)',
  '(d0) -> ((d0 mod 4) mod 8)',
  '(d0) -> (d0 mod 4)',
  '(d0) -> ()',
  '(d0) -> (d0 * -2, d0 * -2 + 1, d0 * -2 + 1, -(d0 - 2) + 1)',
  '(d0) -> (-(d0 + 1))',
  '(d0) -> (-9223372036854775807 - 2)',
  '(d0) -> (-d0)',
  '(d0) -> (d0)',
  '(d0) -> (d0 + 16)',
  '(d0) -> (2 * 9223372036854775807)',
  '(d0) -> (d0 * -2 + 4)',
  '(d0) -> (d0 + 4)',
  '(d0) -> (-4, -3, 3, 7 mod -3, 7 mod 0, 0 floordiv 0, 0 mod -1)',
  '(d0) -> (3, -4, 4, -3, 2, 7 mod -3, 7 floordiv 0)',
  '(d0) -> (9223372036854775807 * 2)',
  '(d0) -> (9223372036854775807 + 1)',
  '(d0) -> (d0 * 6)',
  '(d0) -> (d0 * 3)',
  '(d0) -> (d0 * 5)',
  '(d0) -> (d0 * -2)',
  '(d0) -> (d0 + d0 floordiv 4 - 4)',
  '(d0) -> (d0 + (d0 floordiv 4) floordiv -4, d0 + (d0 floordiv 4) ceildiv -4)',
  '(d0) -> (d0 + (d0 floordiv 4) mod -4)',
  '(d0) -> (d0 + 9223372036854775807)',
  '(d0) -> (d0 * 2 + 1)',
  '(d0) -> (d0 + 5)',
  '(d0) -> (d0 mod 4 + 1)',
  '(d0) -> ((d0 floordiv -2) floordiv 3)',
  '(d0) -> (d0 floordiv -2, d0 mod 0, d0 ceildiv -1)',
  '(d0) -> ((d0 mod 2) * 3, d0 mod 2, -(d0 mod 2))',
  '(d0)[s0, s1] -> ((s0 * s1) * 2, s1 * (s0 * 2))',
  '(d0)[s0, s1] -> (s0 * s1, s1 * s0, s0 * 2, s0 floordiv s1, d0 mod s0, d0 floordiv s0, d0 ceildiv s1)',
  '(d0)[s0] -> ((d0 * 4) floordiv s0, d0 floordiv 0, d0 * -2)',
  '(d0)[s0] -> ((d0 * s0) floordiv s0, (d0 * s0) mod s0)',
  '(d0)[s0] -> ((d0 + s0) mod s0, (d0 * s0 + s0) floordiv s0)',
  '(d0)[s0] -> (-(d0 * s0), (d0 * s0) * -3, d0 - d0 * s0, -s0, s0 * -2)',
  '(d0)[s0] -> ((d0 + s0) * -4)',
  '(d0)[s0] -> (-(d0 * s0))',
  '(d0)[s0] -> (s0 + 1)',
  '(d0)[s0] -> (d0 * (-s0))',
  '(d0)[s0] -> ((d0 * s0) * 2)',
  '(d0)[s0] -> ((d0 * s0) * 5, 0, s0 * 4, 0)',
  '(d0)[s0] -> (d0 * s0)',
  '(d0)[s0] -> (d0 mod s0)',
  '(d0)[s0] -> (d0 - s0 * 3)',
  '(d0)[s0] -> (d0 + s0 + 1)',
  '(d0)[s0] -> (d0 - (d0 floordiv 4) * s0)',
  '(d0)[s0] -> (d0 - s0, d0 - s0 * 2, -d0 + s0)',
  '(d0)[s0] -> ((d0 floordiv s0) * s0)',
  '(d0)[s0] -> (d0 * (s0 * 2))',
  '(d0)[s0] -> (d0 + s0)',
  '(d0)[s0] -> (s0 * 2)',
  '(d0)[s0] -> (-(d0 - s0) + s0)',
  '(d0, d1) -> (((d0 * 4) mod 6) floordiv 2 + d1 floordiv 2, ((d0 * 4) floordiv 6 + d1) floordiv 2, ((d0 * 4) ceildiv 6 + d1) floordiv 2)',
  '(d0, d1) -> (0, 0, d0 * 2 + d1 * 3)',
  '(d0, d1) -> (d0 * -2 + d1 floordiv -2, (d0 * 4 + d1) mod -2, d0 * 2 + d1 floordiv 2, d1 mod 2, (d0 * 4 + d1) ceildiv 2)',
  '(d0, d1) -> (d0 * 2 + d1 floordiv 4)',
  '(d0, d1) -> ((d0 + d1) * 2 - d0 * 2)',
  '(d0, d1) -> ((d0 + d1) * 2, (d0 + d1) floordiv 2, d0 floordiv 2 + d1, (d0 floordiv 2) floordiv 3, d0 floordiv 6)',
  '(d0, d1) -> ((d0 floordiv 4) * 4 + d0 mod 4)',
  '(d0, d1) -> (d1 floordiv 2 + d0 * 2, d1 mod 2, (d0 * 5) floordiv 2, 0, d0 mod 3, (d0 mod 6) mod -3, (d0 mod -6) mod 3)',
  '(d0, d1) -> (-(d0 - d1), d0, d0 + d1, (d0 - d1) * 3, (d0 - d1) * -2)',
  '(d0, d1) -> (-(d0 floordiv 2), (-d0) floordiv 2, (-d0) floordiv 2, d0 * -3)',
  '(d0, d1) -> (d0 + d1 * 4)',
  '(d0, d1) -> (d0 * 4 + d1)',
  '(d0, d1) -> (d0 * 4 + d1 + 8)',
  '(d0, d1) -> (-d0 - d1, -d0 - d1, -d0 + 5, -d0 + 5, -d0)',
  '(d0, d1) -> (d0 * 2 + d1 * 2 - (d0 + d1) * 2)',
  '(d0, d1) -> (d0 + d1 + 2)',
  '(d0, d1) -> (d0 - d1 * 2)',
  '(d0, d1) -> (d0 + d1 + d0 + d1)',
  '(d0, d1) -> ((d0 + d1) mod 4)',
  '(d0, d1) -> (d0 - (d1 + 1))',
  '(d0, d1) -> (d0 - (d1 + d0))',
  '(d0, d1) -> (d0 + d1 * 2, d0 + d1 * 2)',
  '(d0, d1) -> (d0 - d1 * 3, d0 - 3, d0 - 3, d0 - 3, d0 - d1 floordiv 2, d0 - (d1 floordiv 2) * 3)',
  '(d0, d1) -> (d0 floordiv 4 + d1 ceildiv 8 + d0 mod 3)',
  '(d0, d1) -> (d0 mod 4 + (d0 floordiv 4) * 4)',
  '(d0, d1) -> (d1 + d0 * 4 - 3)',
  '(d0, d1)[s0, s1, s2] -> (d0 * s1 + s0 + d1 * s2)',
  '(d0, d1)[s0, s1] -> (d0 * s1 + s0 + d1)',
  '(d0, d1)[s0] -> ((d0 * s0) * (s0 * 2), (s0 * (s0 * 2)) * 3, (d0 * (s0 * 3)) * 2)',
  '(d0, d1)[s0] -> ((d0 + 1) * s0)',
  '(d0, d1)[s0] -> (d0 * s0 + d1)',
  '(d0, d1)[s0] -> (d0 + d1 * s0 + 5)',
  '(d0, d1)[s0] -> (d0 + d1 + s0)',
  '(d0, d1)[s0] -> (d0 * 4 + s0 + d1)',
  '(d0, d1, d2) -> (d0 * 20 + d1 * 5 + d2)',
  '(d0, d1, d2) -> (d0 + d1 + d2, d0 + d1 + d2, d0 - (d1 - d2), d0 * 2 + d1 * 3 + d2 * 4 + 5)',
  '(d0, d1, d2)[s0, s1] -> (d0 * s0 + d1 * s1 + d2 - 3)',
  '(d0, d1, d2)[s0, s1] -> (d0 * s0 + d1 * s1 + d2 + s0 * s1 + 7)',
  '(d0, d1) -> (-d0)',
  '(d0, d1) -> (d0 mod 2)',
  '(d0, d1)[s0] -> (d0 + d1 * s0)',
];

function parseError(text: string): AffineParseError {
  try {
    parseAffineMap(text);
  } catch (e) {
    if (e instanceof AffineParseError) return e;
    throw e;
  }
  throw new Error(`expected a parse error for ${JSON.stringify(text)}`);
}

describe('parseAffineMap + print (verified against mlir-opt 19)', () => {
  it.each(PARSE_PRINT)('%s', (input, expected) => {
    expect(parseAffineMap(input).toString()).toBe(expected);
  });

  it.each(FIXED_POINTS.map((s) => [s] as const))('fixed point %s', (text) => {
    const map = parseAffineMap(text);
    expect(map.toString()).toBe(text);
    // Uniqued: parsing the same text again gives the very same object.
    expect(parseAffineMap(text)).toBe(map);
  });
});

describe('parse errors (messages and offsets verified against mlir-opt 19)', () => {
  it.each(PARSE_ERRORS)('%s', (input, offset, message) => {
    const err = parseError(input);
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('AffineParseError');
    expect(err.message).toBe(message);
    expect(err.offset).toBe(offset);
  });

  it('backs wrong-token errors up to the end of the previous line (like mlir-opt)', () => {
    // mlir-opt reports both at the end of the first line.
    expect(parseError('(d0) -> (d0\n   x)').offset).toBe(11);
    expect(parseError('(d0) -> (d0\n   x)').message).toBe("expected ')' in affine map range");
    expect(parseError('(d0) -> (d0 +\n   x)').offset).toBe(13);
    expect(parseError('(d0) -> (d0 +\n   x)').message).toBe('use of undeclared identifier');
  });

  it('rejects trailing text after the map', () => {
    const err = parseError('(d0) -> (d0) extra');
    expect(err.message).toBe('encountered unexpected token');
    expect(err.offset).toBe(13);
  });

  it('skips // comments', () => {
    expect(parseAffineMap('(d0, // dims\n d1) -> (d0 // first\n + d1)').toString()).toBe('(d0, d1) -> (d0 + d1)');
  });
});

describe('parseAffineMapAt', () => {
  it('parses a map embedded in a larger source and reports where it ends', () => {
    const src = 'memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 4 + d1)>>';
    const start = src.indexOf('affine_map<') + 'affine_map<'.length;
    const { map, end } = parseAffineMapAt(src, start);
    expect(map.toString()).toBe('(d0, d1) -> (d0 * 4 + d1)');
    expect(src.slice(end)).toBe('>>');
  });

  it('reports error offsets into the whole source', () => {
    // mlir-opt: `<stdin>:1:42: error: use of undeclared identifier` (column 42 = offset 41).
    const src = '"test.op"() {m = affine_map<(d0) -> (d0 + x)>} : () -> ()';
    try {
      parseAffineMapAt(src, src.indexOf('<') + 1);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AffineParseError);
      expect((e as AffineParseError).offset).toBe(41);
    }
  });

  it('accepts the end of the text where `>` would be', () => {
    // mlir-opt reports `expected ')' in affine map range` right after `d0`.
    const src = 'affine_map<(d0) -> (d0>';
    try {
      parseAffineMapAt(src, 11);
      expect.unreachable();
    } catch (e) {
      expect((e as AffineParseError).message).toBe("expected ')' in affine map range");
      expect((e as AffineParseError).offset).toBe(22);
    }
  });
});

describe('uniquing', () => {
  it('uniques leaves', () => {
    expect(getAffineDimExpr(0)).toBe(getAffineDimExpr(0));
    expect(getAffineSymbolExpr(3)).toBe(getAffineSymbolExpr(3));
    expect(getAffineConstantExpr(7)).toBe(getAffineConstantExpr(7n));
    expect(getAffineDimExpr(0)).not.toBe(getAffineSymbolExpr(0));
    expect(affineDim).toBe(getAffineDimExpr);
  });

  it('uniques binary expressions and maps structurally', () => {
    const d0 = affineDim(0);
    const d1 = affineDim(1);
    const a = d0.mul(4).add(d1);
    const b = affineAdd(affineMul(getAffineDimExpr(0), affineConstant(4)), getAffineDimExpr(1));
    expect(a).toBe(b);
    expect(AffineMap.get(2, 0, [a])).toBe(AffineMap.get(2, 0, [b]));
    expect(AffineMap.get(2, 0, [a])).toBe(parseAffineMap('(i, j) -> (i * 4 + j)'));
    expect(AffineMap.get(2, 1, [a])).not.toBe(AffineMap.get(2, 0, [a]));
  });

  it('makes instances immutable', () => {
    const e = affineDim(0).add(1) as AffineBinaryOpExpr;
    expect(Object.isFrozen(e)).toBe(true);
    const m = AffineMap.identity(2);
    expect(Object.isFrozen(m)).toBe(true);
    expect(Object.isFrozen(m.results)).toBe(true);
  });
});

describe('expression construction and simplification', () => {
  const d0 = affineDim(0);
  const d1 = affineDim(1);
  const s0 = affineSymbol(0);

  it('builds and prints like MLIR', () => {
    expect(d0.add(1).toString()).toBe('d0 + 1');
    expect(affineConstant(3).add(d0)).toBe(d0.add(3));
    expect(d0.add(0)).toBe(d0);
    expect(d0.mul(1)).toBe(d0);
    expect(d0.mul(0)).toBe(affineConstant(0));
    expect(d0.add(2).add(3).toString()).toBe('d0 + 5');
    expect(d0.add(2).add(d1).toString()).toBe('d0 + d1 + 2');
    expect(d0.sub(d1).toString()).toBe('d0 - d1');
    expect(d0.sub(1).toString()).toBe('d0 - 1');
    expect(d0.add(d1.mul(-2)).toString()).toBe('d0 - d1 * 2');
    expect(affineSub(d0, d1.add(1)).toString()).toBe('d0 - (d1 + 1)');
    expect(affineNeg(d0).toString()).toBe('-d0');
    expect(d0.neg().floorDiv(2).toString()).toBe('(-d0) floordiv 2');
    expect(d0.floorDiv(4).mul(4).toString()).toBe('(d0 floordiv 4) * 4');
    expect(d0.add(d1.floorDiv(2)).toString()).toBe('d0 + d1 floordiv 2');
    expect(d0.sub(d0.floorDiv(4).mul(4))).toBe(d0.mod(4));
    expect(d0.sub(d0.floorDiv(s0).mul(s0))).toBe(affineMod(d0, s0));
    expect(d0.mul(s0).toString()).toBe('d0 * s0');
    expect(s0.mul(d0)).toBe(d0.mul(s0));
    expect(d0.mul(2).mul(s0).toString()).toBe('(d0 * s0) * 2');
    expect(d0.mul(8).floorDiv(4).toString()).toBe('d0 * 2');
    expect(affineCeilDiv(d0.mul(6), affineConstant(3)).toString()).toBe('d0 * 2');
    expect(affineFloorDiv(d0.mul(8).add(d1), affineConstant(4)).toString()).toBe('d0 * 2 + d1 floordiv 4');
    expect(d0.mod(8).mod(4)).toBe(d0.mod(4));
    expect(d0.mul(3).add(d0.mul(2))).toBe(d0.mul(5));
    expect(getAffineBinaryOpExpr('mod', d0.mul(8), affineConstant(4))).toBe(affineConstant(0));
  });

  it('folds constants with MLIR semantics', () => {
    expect(affineConstant(7).floorDiv(-2)).toBe(affineConstant(-4));
    expect(affineConstant(-7).ceilDiv(2)).toBe(affineConstant(-3));
    expect(affineConstant(-7).mod(3)).toBe(affineConstant(2));
    expect(affineConstant(7).mod(-3).toString()).toBe('7 mod -3');
    expect(affineConstant(7).floorDiv(0).toString()).toBe('7 floordiv 0');
    // LLVM 19 leaves overflowing constant additions/multiplications unfolded.
    expect(affineConstant(9223372036854775807n).add(1).toString()).toBe('9223372036854775807 + 1');
    expect(affineConstant(2).mul(9223372036854775807n).toString()).toBe('2 * 9223372036854775807');
  });

  it('rejects a product of two dimensional expressions', () => {
    expect(() => d0.mul(d1)).toThrow(/non-affine expression/);
  });

  it('prints with custom names', () => {
    const e = d0.add(s0.mul(-3));
    expect(printAffineExpr(e, (pos, isSym) => (isSym ? `%sym${pos}` : `%i${pos}`))).toBe('%i0 - %sym0 * 3');
  });

  it('exposes structure and queries', () => {
    const e = d0.mul(4).add(d1) as AffineBinaryOpExpr;
    expect(e).toBeInstanceOf(AffineBinaryOpExpr);
    expect(e.kind).toBe('add');
    expect(e.rhs).toBe(d1);
    const m = e.lhs as AffineBinaryOpExpr;
    expect(m.kind).toBe('mul');
    expect(m.lhs).toBeInstanceOf(AffineDimExpr);
    expect((m.rhs as AffineConstantExpr).value).toBe(4n);
    expect((m.rhs as AffineConstantExpr).toNumber()).toBe(4);
    expect(s0).toBeInstanceOf(AffineSymbolExpr);
    expect(s0.kind).toBe('symbol');
    expect(e.isSymbolicOrConstant()).toBe(false);
    expect(s0.mul(2).add(3).isSymbolicOrConstant()).toBe(true);
    expect(e.isPureAffine()).toBe(true);
    expect(d0.mul(s0).isPureAffine()).toBe(false);
    expect(d0.mul(4).add(d1.mul(6)).getLargestKnownDivisor()).toBe(2n);
    expect(e.isFunctionOfDim(1)).toBe(true);
    expect(e.isFunctionOfDim(2)).toBe(false);
    expect(d0.add(s0).isFunctionOfSymbol(0)).toBe(true);
    const seen: string[] = [];
    e.walk((x) => seen.push(x.toString()));
    expect(seen).toEqual(['d0', '4', 'd0 * 4', 'd1', 'd0 * 4 + d1']);
  });

  it('replaces dims and symbols with re-simplification', () => {
    const e = d0.mul(4).add(d1);
    expect(e.replaceDimsAndSymbols([affineConstant(1), affineConstant(2)], []).toString()).toBe('6');
    expect(e.replaceDimsAndSymbols([d1, d0], []).toString()).toBe('d1 * 4 + d0');
    const m = parseAffineMap('(d0, d1) -> (d0 + d1)');
    expect(m.replaceDimsAndSymbols([d0, s0], [], 1, 1).toString()).toBe('(d0)[s0] -> (d0 + s0)');
  });
});

describe('AffineMap', () => {
  it('prints the forms MLIR prints', () => {
    expect(AffineMap.identity(2).toString()).toBe('(d0, d1) -> (d0, d1)');
    expect(AffineMap.identity(0).toString()).toBe('() -> ()');
    expect(AffineMap.get(0, 0, []).toString()).toBe('() -> ()');
    expect(AffineMap.get(1, 0, []).toString()).toBe('(d0) -> ()');
    expect(AffineMap.get(0, 1, [affineSymbol(0)]).toString()).toBe('()[s0] -> (s0)');
    expect(AffineMap.get(2, 1, [affineDim(0).mul(4).add(affineDim(1)).add(affineSymbol(0))]).toString()).toBe('(d0, d1)[s0] -> (d0 * 4 + d1 + s0)');
    expect(AffineMap.constant(5).toString()).toBe('() -> (5)');
    expect(AffineMap.permutation([1, 0]).toString()).toBe('(d0, d1) -> (d1, d0)');
  });

  it('answers identity/constant queries', () => {
    expect(AffineMap.identity(3).isIdentity()).toBe(true);
    expect(parseAffineMap('(a, b) -> (a, b)')).toBe(AffineMap.identity(2));
    // MLIR's isIdentity ignores symbols (mlir-opt drops such a memref layout).
    expect(parseAffineMap('(d0)[s0] -> (d0)').isIdentity()).toBe(true);
    expect(parseAffineMap('() -> ()').isIdentity()).toBe(true);
    expect(parseAffineMap('(d0, d1) -> (d1, d0)').isIdentity()).toBe(false);
    expect(parseAffineMap('(d0, d1) -> (d1, d0)').isPermutation()).toBe(true);
    expect(parseAffineMap('(d0, d1) -> (d0)').isIdentity()).toBe(false);
    expect(parseAffineMap('(d0, d1) -> (d0 * 4 + d1)').isIdentity()).toBe(false);
    expect(AffineMap.constant(5).isSingleConstant()).toBe(true);
    expect(AffineMap.constant(5).getSingleConstantResult()).toBe(5n);
    const c = parseAffineMap('(d0) -> (1, 2 + 3)');
    expect(c.isConstant()).toBe(true);
    expect(c.getConstantResults()).toEqual([1n, 5n]);
    expect(parseAffineMap('(d0) -> (d0, 1)').isConstant()).toBe(false);
    expect(c.numResults).toBe(2);
    expect(c.numInputs).toBe(1);
    expect(AffineMap.get(1, 0, []).isEmpty()).toBe(true);
  });

  it('validates dim/symbol positions', () => {
    expect(() => AffineMap.get(1, 0, [affineDim(1)])).toThrow(RangeError);
    expect(() => AffineMap.get(1, 0, [affineSymbol(0)])).toThrow(RangeError);
    expect(() => AffineMap.permutation([0, 0])).toThrow(RangeError);
  });
});

describe('stridedLinearLayoutMap (same operator sequence as MLIR makeStridedLinearLayoutMap)', () => {
  // Each expectation equals what mlir-opt prints for the map written in
  // construction order, e.g. `(d0, d1)[s0, s1] -> (s0 + d0 * s1 + d1 * 1)`.
  it.each([
    [0, [4, 1], '(d0, d1) -> (d0 * 4 + d1)'],
    [8, [4, 1], '(d0, d1) -> (d0 * 4 + d1 + 8)'],
    [null, [4, 1], '(d0, d1)[s0] -> (d0 * 4 + s0 + d1)'],
    [null, [null, 1], '(d0, d1)[s0, s1] -> (d0 * s1 + s0 + d1)'],
    [null, [null, null], '(d0, d1)[s0, s1, s2] -> (d0 * s1 + s0 + d1 * s2)'],
    [0, [null, 1], '(d0, d1)[s0] -> (d0 * s0 + d1)'],
    [5, [1, null], '(d0, d1)[s0] -> (d0 + d1 * s0 + 5)'],
    [0, [20, 5, 1], '(d0, d1, d2) -> (d0 * 20 + d1 * 5 + d2)'],
    [-3, [null, null, 1], '(d0, d1, d2)[s0, s1] -> (d0 * s0 + d1 * s1 + d2 - 3)'],
    [0, [1], '(d0) -> (d0)'],
    [0, [-1], '(d0) -> (-d0)'],
    [4, [-2], '(d0) -> (d0 * -2 + 4)'],
    [0, [1, 4], '(d0, d1) -> (d0 + d1 * 4)'],
    [0, [], '() -> (0)'],
    [null, [], '()[s0] -> (s0)'],
  ] as const)('offset %s strides %j', (offset, strides, expected) => {
    expect(stridedLinearLayoutMap(offset, strides).toString()).toBe(expected);
  });

  it('is uniqued with the parsed equivalent', () => {
    expect(stridedLinearLayoutMap(null, [null, 1])).toBe(parseAffineMap('(d0, d1)[s0, s1] -> (d0 * s1 + s0 + d1)'));
  });
});
