import { defineDialect } from '../../core/ir/dialect.js';
import { materializeFuncConstant } from './canonicalization.js';
import { CallIndirectOp, CallOp, ConstantOp, FuncOp, ReturnOp } from './ops.js';

export * from './ops.js';
export * from './function-interface.js';

export const funcDialect = defineDialect({
  name: 'func',
  summary: 'Function definitions, calls and returns',
  ops: [FuncOp, ReturnOp, CallOp, CallIndirectOp, ConstantOp],
  materializeConstant: materializeFuncConstant,
});
