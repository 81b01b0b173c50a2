import { IntegerAttr, type Attribute } from '../../core/ir/attributes.js';
import { Builder } from '../../core/ir/builder.js';
import { i1, IntegerType, type Type } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { constantInt } from '../../core/rewrite/folder.js';
import { CMPI_PREDICATES } from './attributes.js';
import {
  AddIOp,
  AndIOp,
  type CeilDivSIOp,
  type CeilDivUIOp,
  type DivSIOp,
  type DivUIOp,
  type MaxSIOp,
  type MaxUIOp,
  type MinUIOp,
  MulIOp,
  type RemSIOp,
  type RemUIOp,
  SubIOp,
} from './binary.js';
import { CmpIOp } from './compare.js';
import { ConstantOp } from './constant.js';

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
  | typeof MaxUIOp
  | typeof MinUIOp
  | typeof AndIOp;

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
}
