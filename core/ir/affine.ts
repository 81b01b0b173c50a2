/**
 * Affine expressions and affine maps, modelled on MLIR's AffineExpr/AffineMap: the entry point
 * that the rest of the compiler imports. It gathers the modules of core/ir/affine/, one job each:
 * expr.ts (the uniqued expression nodes), simplify.ts (the simplifying factories, as MLIR's
 * AffineExpr operators), print.ts (MLIR's printed form), map.ts (affine maps) and parse.ts (MLIR's
 * affine-map grammar and diagnostics). Importing from here also guarantees that the arithmetic
 * methods and `toString` of an expression work: they are provided by simplify.ts and print.ts.
 * Constants are 64-bit signed integers represented as `bigint` (int64.ts); arithmetic that MLIR
 * performs in plain int64 arithmetic wraps the same way here.
 */
export {
  AffineBinaryOpExpr,
  AffineConstantExpr,
  AffineDimExpr,
  AffineExpr,
  AffineSymbolExpr,
  affineConstant,
  affineDim,
  affineSymbol,
  getAffineConstantExpr,
  getAffineDimExpr,
  getAffineSymbolExpr,
  type AffineBinaryKind,
  type AffineExprKind,
  type AffineOperand,
} from './affine/expr.js';
export {
  affineAdd,
  affineCeilDiv,
  affineFloorDiv,
  affineMod,
  affineMul,
  affineNeg,
  affineSub,
  getAffineBinaryOpExpr,
} from './affine/simplify.js';
export { printAffineExpr, type AffineValueNamer } from './affine/print.js';
export { AffineMap, stridedLinearLayoutMap } from './affine/map.js';
export { AffineParseError, parseAffineMap, parseAffineMapAt } from './affine/parse.js';
