/** Lifting scalar functions over vectors and tensors, and constants from builtin attributes. */
import { DenseElementsAttr, DenseResourceElementsAttr, FloatAttr, IntegerAttr, type Attribute } from '../ir/attributes.js';
import { resourceElements } from './resource-elements.js';
import { ShapedType, type Type } from '../ir/types.js';
import { scalarOf, UnsupportedError, type Scalar } from './numeric.js';
import { codecOf, ShapedValue, type RtValue } from './values.js';

function shapedResult(resultType: Type, like: ShapedValue): ShapedValue {
  if (!(resultType instanceof ShapedType)) throw new UnsupportedError(`expected a shaped result type, got ${resultType}`);
  return ShapedValue.zeros(resultType, like.shape);
}

/**
 * `f` applied to a scalar, or to every element of a vector/tensor (result of type `resultType`).
 * Storage that holds numbers as they are is indexed directly (a typed array's store rounds or
 * wraps as the codec's set would: f's results already have the element type's value).
 */
export function map1(a: RtValue, resultType: Type, f: (a: Scalar) => Scalar): RtValue {
  if (!(a instanceof ShapedValue)) return f(a as Scalar);
  const out = shapedResult(resultType, a);
  const ca = codecOf(a.elementType);
  const co = codecOf(out.elementType);
  if (ca.direct && co.direct) {
    const [x, o] = [a.data as Float64Array, out.data as Float64Array];
    for (let i = 0; i < a.size; i++) o[i] = f(x[i]!) as number;
  } else for (let i = 0; i < a.size; i++) co.set(out.data, i, f(ca.get(a.data, i)));
  return out;
}

export function map2(a: RtValue, b: RtValue, resultType: Type, f: (a: Scalar, b: Scalar) => Scalar): RtValue {
  if (!(a instanceof ShapedValue)) return f(a as Scalar, b as Scalar);
  const sb = b as ShapedValue;
  const out = shapedResult(resultType, a);
  const ca = codecOf(a.elementType);
  const cb = codecOf(sb.elementType);
  const co = codecOf(out.elementType);
  if (ca.direct && cb.direct && co.direct) {
    const [x, y, o] = [a.data as Float64Array, sb.data as Float64Array, out.data as Float64Array];
    for (let i = 0; i < a.size; i++) o[i] = f(x[i]!, y[i]!) as number;
  } else for (let i = 0; i < a.size; i++) co.set(out.data, i, f(ca.get(a.data, i), cb.get(sb.data, i)));
  return out;
}

export function map3(a: RtValue, b: RtValue, c: RtValue, resultType: Type, f: (a: Scalar, b: Scalar, c: Scalar) => Scalar): RtValue {
  if (!(a instanceof ShapedValue)) return f(a as Scalar, b as Scalar, c as Scalar);
  const [sb, sc] = [b as ShapedValue, c as ShapedValue];
  const out = shapedResult(resultType, a);
  const [ca, cb, cc, co] = [codecOf(a.elementType), codecOf(sb.elementType), codecOf(sc.elementType), codecOf(out.elementType)];
  if (ca.direct && cb.direct && cc.direct && co.direct) {
    const [x, y, z, o] = [a.data as Float64Array, sb.data as Float64Array, sc.data as Float64Array, out.data as Float64Array];
    for (let i = 0; i < a.size; i++) o[i] = f(x[i]!, y[i]!, z[i]!) as number;
  } else for (let i = 0; i < a.size; i++) co.set(out.data, i, f(ca.get(a.data, i), cb.get(sb.data, i), cc.get(sc.data, i)));
  return out;
}

/** A function with two results lifted elementwise (e.g. arith.addui_extended). */
export function map2x2(a: RtValue, b: RtValue, types: readonly [Type, Type], f: (a: Scalar, b: Scalar) => [Scalar, Scalar]): [RtValue, RtValue] {
  if (!(a instanceof ShapedValue)) return f(a as Scalar, b as Scalar);
  const sb = b as ShapedValue;
  const o0 = shapedResult(types[0], a);
  const o1 = shapedResult(types[1], a);
  const [ca, cb, c0, c1] = [codecOf(a.elementType), codecOf(sb.elementType), codecOf(o0.elementType), codecOf(o1.elementType)];
  for (let i = 0; i < a.size; i++) {
    const [x, y] = f(ca.get(a.data, i), cb.get(sb.data, i));
    c0.set(o0.data, i, x);
    c1.set(o1.data, i, y);
  }
  return [o0, o1];
}

/** The runtime value of an integer, float or dense elements attribute, as a value of `type`. */
export function attributeValue(attr: Attribute, type: Type): RtValue {
  if (attr instanceof IntegerAttr) return scalarOf(type, attr.value);
  if (attr instanceof FloatAttr) return scalarOf(type, attr.value);
  if (attr instanceof DenseElementsAttr) {
    if (!(type instanceof ShapedType) || !type.hasStaticShape) throw new UnsupportedError(`dense constant of type ${type}`);
    const elem = type.elementType;
    const out = ShapedValue.zeros(type);
    const codec = codecOf(elem);
    for (let i = 0; i < out.size; i++) codec.set(out.data, i, scalarOf(elem, attr.element(i)));
    return out;
  }
  if (attr instanceof DenseResourceElementsAttr && type instanceof ShapedType) return resourceElements(attr, type);
  throw new UnsupportedError(`constant attribute ${attr}`);
}
