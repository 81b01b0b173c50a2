/**
 * expm1 on f32 computed in f32 arithmetic, step for step as the C library's `expm1f` that MLIR 19
 * folds with (glibc's, from fdlibm): its result can be 1 ulp from the correctly rounded one
 * (expm1(1.0) is 1.71828175 there, not 1.71828187), and folds must match it.
 *
 * The algorithm is fdlibm's (Sun Microsystems, 1993: "Developed at SunPro, a Sun Microsystems,
 * Inc. business. Permission to use, copy, modify, and distribute this software is freely
 * granted, provided that this notice is preserved.").
 */
const f = Math.fround;
const view = new DataView(new ArrayBuffer(4));
const bitsOf = (x: number): number => (view.setFloat32(0, x), view.getUint32(0));
const fromBits = (b: number): number => (view.setUint32(0, b >>> 0), view.getFloat32(0));

const LN2_HI = fromBits(0x3f317180);
const LN2_LO = fromBits(0x3717f7d1);
const INVLN2 = fromBits(0x3fb8aa3b);
const O_THRESHOLD = fromBits(0x42b17180);
const Q1 = fromBits(0xbd088889);
const Q2 = fromBits(0x3ad00d01);
const Q3 = fromBits(0xb8a670cd);
const Q4 = fromBits(0x36867e54);
const Q5 = fromBits(0xb457edbb);

/** `expm1f(x)` for an f32 value `x`; the result is an f32 value. */
export function expm1f(x: number): number {
  const word = bitsOf(x);
  const negative = (word & 0x80000000) !== 0;
  const hx = word & 0x7fffffff;
  if (hx >= 0x4195b844) {
    // |x| >= 27 ln2
    if (hx >= 0x42b17218) {
      if (hx > 0x7f800000) return x;
      if (hx === 0x7f800000) return negative ? -1 : x;
      if (x > O_THRESHOLD) return Infinity;
    }
    if (negative) return -1;
  }
  let k: number;
  let c = 0;
  if (hx > 0x3eb17218) {
    // |x| > 0.5 ln2: x = k ln2 + r
    let hi: number;
    let lo: number;
    if (hx < 0x3f851592) {
      hi = negative ? f(x + LN2_HI) : f(x - LN2_HI);
      lo = negative ? -LN2_LO : LN2_LO;
      k = negative ? -1 : 1;
    } else {
      k = Math.trunc(f(f(INVLN2 * x) + (negative ? -0.5 : 0.5)));
      const t = k;
      hi = f(x - f(t * LN2_HI));
      lo = f(t * LN2_LO);
    }
    x = f(hi - lo);
    c = f(f(hi - x) - lo);
  } else if (hx < 0x33000000) {
    return x;
  } else {
    k = 0;
  }
  const hfx = f(0.5 * x);
  const hxs = f(x * hfx);
  const r1 = f(1 + f(hxs * f(Q1 + f(hxs * f(Q2 + f(hxs * f(Q3 + f(hxs * f(Q4 + f(hxs * Q5))))))))));
  let t = f(3 - f(r1 * hfx));
  let e = f(hxs * f(f(r1 - t) / f(6 - f(x * t))));
  if (k === 0) return f(x - f(f(x * e) - hxs));
  e = f(f(x * f(e - c)) - c);
  e = f(e - hxs);
  if (k === -1) return f(f(0.5 * f(x - e)) - 0.5);
  if (k === 1) return x < -0.25 ? f(-2 * f(e - f(x + 0.5))) : f(1 + f(2 * f(x - e)));
  const scale = (y: number) => fromBits(bitsOf(y) + (k << 23));
  if (k <= -2 || k > 56) return f(scale(f(1 - f(e - x))) - 1);
  if (k < 23) {
    t = fromBits(0x3f800000 - (0x1000000 >> k));
    return scale(f(t - f(e - x)));
  }
  t = fromBits((0x7f - k) << 23);
  return scale(f(f(x - f(e + t)) + 1));
}
