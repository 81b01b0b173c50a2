/** vector.constant_mask and vector.create_mask (MLIR 19), with MLIR's verifier messages. */
import type { ArrayAttr } from '../../core/ir/attributes.js';
import { Index, required, variadic } from '../../core/ir/constraints.js';
import { Diagnostic } from '../../core/ir/diagnostics.js';
import { defineOp } from '../../core/ir/op-definition.js';
import { Pure } from '../../core/ir/traits.js';
import type { VectorType } from '../../core/ir/types.js';
import { BoolVectorOfAnyRank, I64ArrayAttr, i64Values } from './constraints.js';
import { maskPatterns } from './mask-folds.js';

export const ConstantMaskOp = defineOp({
  name: 'vector.constant_mask',
  summary: 'creates a constant vector mask',
  results: { result: BoolVectorOfAnyRank },
  attributes: { mask_dim_sizes: required(I64ArrayAttr) },
  traits: [Pure],
  assemblyFormat: '$mask_dim_sizes attr-dict `:` type(results)',
  verify(op) {
    const type = op.resultTypes[0] as VectorType;
    const sizes = i64Values(op.properties.get('mask_dim_sizes') as ArrayAttr);
    // MLIR reports these two without the op prefix (emitError).
    if (type.rank === 0) {
      if (sizes.length !== 1) return new Diagnostic('error', op.loc, 'array attr must have length 1 for 0-D vectors');
      if (sizes[0] !== 0 && sizes[0] !== 1) return new Diagnostic('error', op.loc, 'mask dim size must be either 0 or 1 for 0-D vectors');
      return;
    }
    if (sizes.length !== type.rank) return 'must specify array attr of size equal vector result rank';
    for (let i = 0; i < sizes.length; i++) {
      const s = sizes[i]!;
      if (s < 0 || s > type.shape[i]!) return 'array attr of size out of bounds of vector result dimension size';
      if (type.scalableDims[i] && s !== 0 && s !== type.shape[i]) return "only supports 'none set' or 'all set' scalable dimensions";
    }
    if (sizes.includes(0) && !sizes.every((s) => s === 0)) return 'expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim';
  },
});

export const CreateMaskOp = defineOp({
  name: 'vector.create_mask',
  summary: 'creates a vector mask',
  operands: { operands: variadic(Index) },
  results: { result: BoolVectorOfAnyRank },
  traits: [Pure],
  canonicalize: maskPatterns['vector.create_mask'],
  assemblyFormat: '$operands attr-dict `:` type(results)',
  verify(op) {
    const type = op.resultTypes[0] as VectorType;
    if (type.rank === 0) {
      if (op.numOperands !== 1) return 'must specify exactly one operand for 0-D create_mask';
    } else if (op.numOperands !== type.rank) return 'must specify an operand for each result vector dimension';
  },
});

export const maskOps = [ConstantMaskOp, CreateMaskOp];
