import { DenseElementsAttr, FloatAttr, IntegerAttr, type Attribute } from '../../core/ir/attributes.js';
import { Block } from '../../core/ir/block.js';
import { Builder } from '../../core/ir/builder.js';
import type { Operation } from '../../core/ir/operation.js';
import { FloatType, i1, IntegerType, IndexType, RankedTensorType, type Type } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { constantValue } from '../../core/rewrite/folder.js';
import {
  AddIOp,
  AndIOp,
  type CeilDivSIOp,
  type CeilDivUIOp,
  CmpIOp,
  CMPI_PREDICATES,
  ConstantOp,
  type DivSIOp,
  type DivUIOp,
  type MaxSIOp,
  MulIOp,
  type RemSIOp,
  type RemUIOp,
  SubIOp,
} from '../../dialects/arith/index.js';
import { IfOp, YieldOp } from '../../dialects/scf/index.js';

type IntBinary =
  | typeof AddIOp
  | typeof SubIOp
  | typeof MulIOp
  | typeof DivUIOp
  | typeof DivSIOp
  | typeof RemUIOp
  | typeof RemSIOp
  | typeof CeilDivUIOp
  | typeof CeilDivSIOp
  | typeof MaxSIOp
  | typeof AndIOp;

/** The constant integer a value holds, if it is one. */
export function constantInt(v: Value): bigint | undefined {
  const c = constantValue(v);
  return c instanceof IntegerAttr ? c.value : undefined;
}

/** The zero of a scalar or tensor type as an attribute, or undefined for other types. */
export function zeroAttr(type: Type): Attribute | undefined {
  if (type instanceof IntegerType || type instanceof IndexType) return IntegerAttr.get(type, 0n);
  if (type instanceof FloatType) return FloatAttr.get(type, 0);
  if (type instanceof RankedTensorType) {
    const e = type.elementType;
    if (e instanceof IntegerType || e instanceof IndexType) return DenseElementsAttr.get(type, [0n]);
    if (e instanceof FloatType) return DenseElementsAttr.get(type, [0]);
  }
  return undefined;
}

/**
 * A Builder with the integer arithmetic loop transformations emit (bounds, induction
 * variables, trip counts, predicates), folding when every operand is a constant.
 */
export class ArithBuilder extends Builder {
  constant(type: Type, value: bigint | number): Value {
    return this.build(ConstantOp, { attributes: { value: IntegerAttr.get(type, value) }, resultTypes: [type] }).result;
  }
  constantOf(attr: Attribute): Value {
    return this.build(ConstantOp, { attributes: { value: attr }, resultTypes: [attr.type!] }).result;
  }
  binary(cls: IntBinary, lhs: Value, rhs: Value): Value {
    return this.create(cls.state({ loc: this.loc, operands: { lhs, rhs }, resultTypes: [lhs.type] })).results[0]!;
  }
  add(lhs: Value, rhs: Value): Value {
    return this.binary(AddIOp, lhs, rhs);
  }
  sub(lhs: Value, rhs: Value): Value {
    return this.binary(SubIOp, lhs, rhs);
  }
  mul(lhs: Value, rhs: Value): Value {
    return this.binary(MulIOp, lhs, rhs);
  }
  compare(predicate: (typeof CMPI_PREDICATES)[number], lhs: Value, rhs: Value): Value {
    const p = IntegerAttr.get(IntegerType.get(64), CMPI_PREDICATES.indexOf(predicate));
    return this.build(CmpIOp, { operands: { lhs, rhs }, attributes: { predicate: p }, resultTypes: [i1] }).result;
  }
  and(lhs: Value, rhs: Value): Value {
    return this.binary(AndIOp, lhs, rhs);
  }
  /** `base + k * step`, with constants folded. */
  offset(base: Value, k: number, step: Value): Value {
    if (k === 0) return base;
    const [b, s] = [constantInt(base), constantInt(step)];
    if (b !== undefined && s !== undefined) return this.constant(base.type, b + BigInt(k) * s);
    const ks = s !== undefined ? this.constant(step.type, BigInt(k) * s) : k === 1 ? step : this.mul(step, this.constant(step.type, k));
    return this.add(base, ks);
  }
  /**
   * `scf.if %cond -> (types) { then } else { else }`: each callback builds its branch at the end
   * of a fresh block and returns the values to yield.
   */
  ifThenElse(cond: Value, resultTypes: readonly Type[], thenBody: () => readonly Value[], elseBody?: () => readonly Value[]): Operation {
    const op = this.build(IfOp, { operands: { condition: cond }, resultTypes: { results: resultTypes } });
    const branches = elseBody || resultTypes.length > 0 ? [thenBody, elseBody ?? (() => [])] : [thenBody];
    branches.forEach((body, i) => {
      const block = op.op.region(i).appendBlock(new Block());
      this.atInsertionPoint({ block, before: undefined }, () => {
        const values = body();
        this.build(YieldOp, { operands: { results: values } });
      });
    });
    return op.op;
  }
}
