import { describe, expect, it } from 'vitest';
import { emit, emitOne, kernel } from './harness.js';

/** The WGSL of a kernel with one f32/i32/index argument set and `body`. */
function body(args: string, text: string): string {
  return emitOne(kernel(args, text));
}

describe('arith', () => {
  it('binary integer ops on index and i32', () => {
    const w = body(
      '%a: index, %b: index, %o: memref<8xi32>',
      `%0 = arith.addi %a, %b : index
      %1 = arith.subi %0, %b : index
      %2 = arith.muli %1, %a : index
      %3 = arith.divsi %2, %b : index
      %4 = arith.remsi %3, %b : index
      %5 = arith.index_cast %4 : index to i32
      %6 = arith.shli %5, %5 : i32
      %7 = arith.shrsi %6, %5 : i32
      %8 = arith.shrui %7, %5 : i32
      %9 = arith.andi %8, %5 : i32
      %10 = arith.ori %9, %5 : i32
      %11 = arith.xori %10, %5 : i32
      %c0 = arith.constant 0 : index
      memref.store %11, %o[%c0] : memref<8xi32>`,
    );
    expect(w).toContain('let v0 = arg0 + arg1;');
    expect(w).toContain('let v1 = v0 - arg1;');
    expect(w).toContain('let v2 = v1 * arg0;');
    expect(w).toContain('let v3 = v2 / arg1;');
    expect(w).toContain('let v4 = v3 % arg1;');
    expect(w).toContain('let v5 = v4;');
    expect(w).toContain('let v6 = v5 << bitcast<u32>(v5);');
    expect(w).toContain('let v7 = v6 >> bitcast<u32>(v5);');
    expect(w).toContain('let v8 = bitcast<i32>(bitcast<u32>(v7) >> bitcast<u32>(v5));');
    expect(w).toContain('let v9 = v8 & v5;');
    expect(w).toContain('let v10 = v9 | v5;');
    expect(w).toContain('let v11 = v10 ^ v5;');
    expect(w).toContain('arg2[0] = v11;');
  });

  it('unsigned division, remainder, min/max and comparisons go through u32', () => {
    const w = body(
      '%a: i32, %b: i32, %o: memref<8xi32>, %f: memref<8xi1>',
      `%0 = arith.divui %a, %b : i32
      %1 = arith.remui %0, %b : i32
      %2 = arith.maxui %1, %b : i32
      %3 = arith.minsi %2, %b : i32
      %4 = arith.cmpi ult, %3, %a : i32
      %5 = arith.cmpi sge, %3, %a : i32
      %6 = arith.ceildivui %a, %b : i32
      %c0 = arith.constant 0 : index
      memref.store %6, %o[%c0] : memref<8xi32>
      memref.store %4, %f[%c0] : memref<8xi1>
      memref.store %5, %f[%c0] : memref<8xi1>`,
    );
    expect(w).toContain('let v0 = bitcast<i32>(bitcast<u32>(arg0) / bitcast<u32>(arg1));');
    expect(w).toContain('let v1 = bitcast<i32>(bitcast<u32>(v0) % bitcast<u32>(arg1));');
    expect(w).toContain('let v2 = bitcast<i32>(max(bitcast<u32>(v1), bitcast<u32>(arg1)));');
    expect(w).toContain('let v3 = min(v2, arg1);');
    expect(w).toContain('let v4 = bitcast<u32>(v3) < bitcast<u32>(arg0);');
    expect(w).toContain('let v5 = v3 >= arg0;');
    expect(w).toContain('let v6 = bitcast<i32>(bitcast<u32>(arg0) / bitcast<u32>(arg1) + select(0u, 1u, bitcast<u32>(arg0) % bitcast<u32>(arg1) != 0u));');
    // i1 in memory is u32
    expect(w).toContain('var<storage, read_write> arg3: array<u32>;');
    expect(w).toContain('arg3[0] = select(0u, 1u, v4);');
  });

  it('floordivsi and ceildivsi adjust truncating division by the remainder and the signs', () => {
    const w = body(
      '%a: i32, %b: i32, %o: memref<2xi32>',
      `%0 = arith.floordivsi %a, %b : i32
      %1 = arith.ceildivsi %a, %b : i32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      memref.store %0, %o[%c0] : memref<2xi32>
      memref.store %1, %o[%c1] : memref<2xi32>`,
    );
    expect(w).toContain('let v0 = select(arg0 / arg1, arg0 / arg1 - 1i, (arg0 % arg1 != 0i) & ((arg0 < 0i) != (arg1 < 0i)));');
    expect(w).toContain('let v1 = select(arg0 / arg1, arg0 / arg1 + 1i, (arg0 % arg1 != 0i) & ((arg0 < 0i) == (arg1 < 0i)));');
  });

  it('float ops, NaN-aware min/max, select and casts', () => {
    const w = body(
      '%x: f32, %y: f32, %i: i32, %o: memref<4xf32>, %p: memref<4xi32>',
      `%0 = arith.addf %x, %y : f32
      %1 = arith.subf %0, %y : f32
      %2 = arith.mulf %1, %y : f32
      %3 = arith.divf %2, %y : f32
      %4 = arith.remf %3, %y : f32
      %5 = arith.negf %4 : f32
      %6 = arith.maximumf %5, %y : f32
      %7 = arith.minnumf %6, %y : f32
      %8 = arith.cmpf olt, %7, %y : f32
      %9 = arith.select %8, %7, %y : f32
      %10 = arith.sitofp %i : i32 to f32
      %11 = arith.uitofp %i : i32 to f32
      %12 = arith.fptosi %9 : f32 to i32
      %13 = arith.fptoui %9 : f32 to i32
      %14 = arith.bitcast %x : f32 to i32
      %15 = arith.addf %10, %11 : f32
      %16 = arith.addi %12, %13 : i32
      %17 = arith.addi %16, %14 : i32
      %c0 = arith.constant 0 : index
      memref.store %15, %o[%c0] : memref<4xf32>
      memref.store %17, %p[%c0] : memref<4xi32>`,
    );
    expect(w).toContain('let v4 = v3 % arg1;');
    expect(w).toContain('let v5 = -v4;');
    expect(w).toContain('let v6 = select(max(v5, arg1), v5 + arg1, tile_isnan_f32(v5 - arg1));');
    expect(w).toContain('let v7 = select(select(min(v6, arg1), v6, tile_isnan_f32(arg1)), arg1, tile_isnan_f32(v6));');
    expect(w).toContain('let v8 = v7 < arg1;');
    expect(w).toContain('let v9 = select(arg1, v7, v8);');
    expect(w).toContain('let v10 = f32(arg2);');
    expect(w).toContain('let v11 = f32(bitcast<u32>(arg2));');
    expect(w).toContain('let v12 = i32(v9);');
    expect(w).toContain('let v13 = bitcast<i32>(u32(v9));');
    expect(w).toContain('let v14 = bitcast<i32>(arg0);');
    expect(w).toContain('fn tile_isnan_f32(x: f32) -> bool {\n  return (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u;\n}');
  });

  it('cmpf: ordered predicates are false on NaN, unordered ones true', () => {
    const preds = ['false', 'oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord', 'ueq', 'ugt', 'uge', 'ult', 'ule', 'une', 'uno', 'true'];
    const w = body(
      '%x: f32, %y: f32, %o: memref<16xi1>',
      preds.map((p, i) => `%r${i} = arith.cmpf ${p}, %x, %y : f32\n      %i${i} = arith.constant ${i} : index\n      memref.store %r${i}, %o[%i${i}] : memref<16xi1>`).join('\n      '),
    );
    const expected = [
      'false',
      'arg0 == arg1',
      'arg0 > arg1',
      'arg0 >= arg1',
      'arg0 < arg1',
      'arg0 <= arg1',
      '(arg0 < arg1) | (arg0 > arg1)',
      '!(tile_isnan_f32(arg0) | tile_isnan_f32(arg1))',
      '!((arg0 < arg1) | (arg0 > arg1))',
      '!(arg0 <= arg1)',
      '!(arg0 < arg1)',
      '!(arg0 >= arg1)',
      '!(arg0 > arg1)',
      'arg0 != arg1',
      'tile_isnan_f32(arg0) | tile_isnan_f32(arg1)',
      'true',
    ];
    const lets = [...w.matchAll(/let v\d+ = (.*);/g)].map((m) => m[1]);
    expect(lets).toEqual(expected);
  });

  it('constants: literals, f16 with enable f16, infinities and NaN rebuilt from bits', () => {
    const w = body(
      '%o: memref<8xf32>, %h: memref<8xf16>, %v: memref<8xf32>',
      `%a = arith.constant 0.1 : f32
      %b = arith.constant -2.5e-7 : f32
      %c = arith.constant 0xFF800000 : f32
      %d = arith.constant 0x7FC00000 : f32
      %e = arith.constant 1.5 : f16
      %f = arith.constant -2147483648 : i32
      %g = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
      %s = arith.constant dense<0.5> : vector<4xf32>
      %t = arith.constant true
      %0 = arith.addf %a, %b : f32
      %1 = arith.addf %0, %c : f32
      %2 = arith.addf %1, %d : f32
      %i = arith.constant 0 : index
      %fi = arith.index_cast %f : i32 to index
      memref.store %2, %o[%i] : memref<8xf32>
      memref.store %e, %h[%i] : memref<8xf16>
      %3 = arith.addf %g, %s : vector<4xf32>
      vector.store %3, %v[%i] : memref<8xf32>, vector<4xf32>
      %4 = arith.select %t, %a, %b : f32
      memref.store %4, %o[%i] : memref<8xf32>`,
    );
    expect(w.startsWith('// @m::@k\n\nenable f16;\n')).toBe(true);
    expect(w).toContain('let cst = 0.1f;');
    expect(w).toContain('let cst_0 = (-2.5e-7f);');
    expect(w).toContain('let cst_1 = tile_f32_from_bits(0xff800000u);');
    expect(w).toContain('let cst_2 = tile_f32_from_bits(0x7fc00000u);');
    expect(w).toContain('let cst_3 = 1.5h;');
    expect(w).toContain('let c_2147483648_i32 = i32(-2147483648);');
    expect(w).toContain('let cst_4 = vec4<f32>(1.0f, 2.0f, 3.0f, 4.0f);');
    expect(w).toContain('let cst_5 = vec4<f32>(0.5f);');
    expect(w).toContain('let true_ = true;');
    expect(w).toContain('var<storage, read_write> arg1: array<f16>;');
  });

  it('i1 <-> i32 extensions and truncation, float width changes', () => {
    const w = body(
      '%b: i1, %i: i32, %x: f32, %o: memref<4xi32>, %h: memref<4xf16>',
      `%0 = arith.extui %b : i1 to i32
      %1 = arith.extsi %b : i1 to i32
      %2 = arith.trunci %i : i32 to i1
      %3 = arith.extui %2 : i1 to i32
      %4 = arith.addi %0, %1 : i32
      %5 = arith.addi %4, %3 : i32
      %6 = arith.truncf %x : f32 to f16
      %7 = arith.extf %6 : f16 to f32
      %8 = arith.truncf %7 : f32 to f16
      %c0 = arith.constant 0 : index
      memref.store %5, %o[%c0] : memref<4xi32>
      memref.store %8, %h[%c0] : memref<4xf16>`,
    );
    expect(w).toContain('let arg0 = params.arg0 != 0u;');
    expect(w).toContain('let v0 = select(0i, 1i, arg0);');
    expect(w).toContain('let v1 = select(0i, (-1i), arg0);');
    expect(w).toContain('let v2 = (arg1 & 1i) != 0i;');
    expect(w).toContain('let v6 = f16(arg2);');
    expect(w).toContain('let v7 = f32(v6);');
  });
});

describe('math', () => {
  // tanh's argument is clamped (WGSL's tanh may be sinh / cosh, NaN once they overflow), NaN kept.
  it('maps to WGSL builtins', () => {
    const ops = ['absf', 'ceil', 'floor', 'sqrt', 'rsqrt', 'exp', 'log', 'tanh', 'sin', 'cos', 'roundeven', 'trunc', 'exp2', 'log2'];
    const fns = ['abs', 'ceil', 'floor', 'sqrt', 'inverseSqrt', 'exp', 'log', 'tanh', 'sin', 'cos', 'round', 'trunc', 'exp2', 'log2'];
    const w = body(
      '%x: f32, %y: f32, %o: memref<4xf32>',
      `${ops.map((o, i) => `%m${i} = math.${o} %x : f32`).join('\n      ')}
      %p = math.powf %x, %y : f32
      %f = math.fma %x, %y, %p : f32
      %a = math.atan2 %x, %y : f32
      %r = math.round %x : f32
      %c0 = arith.constant 0 : index
      memref.store %f, %o[%c0] : memref<4xf32>`,
    );
    fns.forEach((fn, i) => expect(w).toContain(fn === 'tanh' ? `let v${i} = select(tanh(clamp(arg0, (-1.0e+1f), 1.0e+1f)), arg0, tile_isnan_f32(arg0));` : `let v${i} = ${fn}(arg0);`));
    expect(w).toContain('let v14 = pow(arg0, arg1);');
    expect(w).toContain('let v15 = fma(arg0, arg1, v14);');
    expect(w).toContain('let v16 = atan2(arg0, arg1);');
    expect(w).toContain('let v17 = trunc(arg0) + select(0.0f, sign(arg0), abs(arg0 - trunc(arg0)) >= 0.5f);');
  });
});

describe('scf', () => {
  it('for with iter_args: a var per result, read in place; a let snapshot only of an iter_arg the yield moves', () => {
    const w = body(
      '%n: index, %o: memref<2xf32>',
      `%c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %z = arith.constant 0.0 : f32
      %one = arith.constant 1.0 : f32
      %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z, %b = %one) -> (f32, f32) {
        %s = arith.addf %a, %b : f32
        scf.yield %b, %s : f32, f32
      }
      memref.store %r#0, %o[%c0] : memref<2xf32>
      memref.store %r#1, %o[%c1] : memref<2xf32>`,
    );
    // %b moves to position 0, so the yield's first assignment must not clobber what %s = %a + %b read.
    expect(w).toContain(`  var v0 = cst;
  var v0_1 = cst_0;
  for (var arg2: i32 = c0; arg2 < arg0; arg2 = arg2 + c1) {
    let arg4 = v0_1;
    let v1 = v0 + arg4;
    v0 = arg4;
    v0_1 = v1;
  }
  arg1[0] = v0;
  arg1[1] = v0_1;`);
  });

  it('for with iter_args passed through unchanged: no snapshot and no assignment', () => {
    const w = body(
      '%n: index, %x: f32, %o: memref<2xf32>',
      `%c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %z = arith.constant 0.0 : f32
      %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z, %b = %x) -> (f32, f32) {
        %s = arith.addf %a, %b : f32
        scf.yield %s, %b : f32, f32
      }
      memref.store %r#0, %o[%c0] : memref<2xf32>
      memref.store %r#1, %o[%c1] : memref<2xf32>`,
    );
    expect(w).toContain(`  for (var arg3: i32 = c0; arg3 < arg0; arg3 = arg3 + c1) {
    let v1 = v0 + v0_1;
    v0 = v1;
  }`);
  });

  it("an if in a loop body whose else keeps an iter_arg, and whose result the loop yields there, updates the loop's var", () => {
    const loop = (after: string, thenYield = '%y') =>
      body(
        '%n: index, %c: i1, %x: f32, %o: memref<2xf32>',
        `%c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %z = arith.constant 0.0 : f32
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (f32) {
        %u = scf.if %c -> (f32) {
          %y = arith.addf %a, %x : f32
          scf.yield ${thenYield} : f32
        } else {
          scf.yield %a : f32
        }
        ${after}
        scf.yield %u : f32
      }
      memref.store %r, %o[%c0] : memref<2xf32>`,
      );
    // A step switched off (a kernel loop started early) leaves the accumulator as it is: no var of its own, no else.
    expect(loop('')).toContain(`  var v0 = cst;
  for (var arg4: i32 = c0; arg4 < arg0; arg4 = arg4 + c1) {
    if (arg1) {
      let v2 = v0 + arg2;
      v0 = v2;
    }
  }
  arg3[0] = v0;`);
    // Read after the if, the iter_arg must keep the old value: the if gets its own var.
    const readAfter = loop('memref.store %a, %o[%c1] : memref<2xf32>');
    expect(readAfter).toContain('var v1: f32;');
    expect(readAfter).toContain('} else {');
    expect(readAfter).toContain('arg3[1] = v0;');
    // The then branch yielding the iter_arg itself is left in the general form too.
    expect(loop('', '%a')).toContain('} else {');
  });

  it('if with results: vars assigned in both branches; if without else', () => {
    const w = body(
      '%c: i1, %x: f32, %o: memref<1xf32>',
      `%c0 = arith.constant 0 : index
      %r = scf.if %c -> (f32) {
        %y = arith.mulf %x, %x : f32
        scf.yield %y : f32
      } else {
        scf.yield %x : f32
      }
      scf.if %c {
        memref.store %r, %o[%c0] : memref<1xf32>
      }`,
    );
    expect(w).toContain(`  var v0: f32;
  if (arg0) {
    let v1 = arg1 * arg1;
    v0 = v1;
  } else {
    v0 = arg1;
  }
  tile_store_arg2(0, v0, arg0);`);
    expect(w).not.toContain('} else {\n  }');
  });

  it('an if around one element load or store of a buffer: a var overwritten under if; a helper call per buffer', () => {
    const w = body(
      '%n: index, %i: index, %x: memref<?xf32>, %o: memref<?xf32>',
      `%z = arith.constant 0.0 : f32
      %ok = arith.cmpi ult, %i, %n : index
      %v = scf.if %ok -> (f32) {
        %l = memref.load %x[%i] : memref<?xf32>
        scf.yield %l : f32
      } else {
        scf.yield %z : f32
      }
      scf.if %ok {
        memref.store %v, %o[%i] : memref<?xf32>
      }`,
    );
    expect(w).toContain('  var v1 = cst;\n  if (v0) {\n    v1 = arg2[arg1];\n  }\n');
    expect(w).toContain('fn tile_store_arg3(at: i32, value: f32, ok: bool) {\n  if (ok) {\n    arg3[at] = value;\n  }\n}');
    expect(w).toContain('tile_store_arg3(arg1, v1, v0);');
    expect(w).not.toContain('tile_load');
  });

  it('while: condition args become the results and the after-region arguments', () => {
    const w = body(
      '%n: i32, %o: memref<1xi32>',
      `%c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %r = scf.while (%i = %c0) : (i32) -> i32 {
        %go = arith.cmpi slt, %i, %n : i32
        scf.condition(%go) %i : i32
      } do {
      ^bb0(%j: i32):
        %k = arith.addi %j, %c1 : i32
        scf.yield %k : i32
      }
      %z = arith.constant 0 : index
      memref.store %r, %o[%z] : memref<1xi32>`,
    );
    expect(w).toContain(`  var arg2_next = c0_i32;
  var v0: i32;
  loop {
    let arg2 = arg2_next;
    let v1 = arg2 < arg0;
    v0 = arg2;
    if (!v1) {
      break;
    }
    let arg2_1 = v0;
    let v1_1 = arg2_1 + c1_i32;
    arg2_next = v1_1;
  }
  let c0 = 0i;
  arg1[0] = v0;`);
  });
});

describe('memref', () => {
  it('multi-dimensional static memrefs are linearized with their strides, static strided layouts included', () => {
    const w = body(
      '%a: memref<4x8xf32>, %b: memref<4x4xf32, strided<[16, 2], offset: 3>>, %i: index, %j: index',
      `%x = memref.load %a[%i, %j] : memref<4x8xf32>
      memref.store %x, %b[%j, %i] : memref<4x4xf32, strided<[16, 2], offset: 3>>`,
    );
    expect(w).toContain('let v0 = arg0[arg2 * 8 + arg3];');
    expect(w).toContain('arg1[3 + arg3 * 16 + arg2 * 2] = v0;');
  });

  it('dynamic sizes come from the uniforms; dim of a static size is a constant', () => {
    const w = body(
      '%a: memref<?x5x?xf32>, %i: index',
      `%c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %d0 = memref.dim %a, %c0 : memref<?x5x?xf32>
      %d1 = memref.dim %a, %c1 : memref<?x5x?xf32>
      %d2 = memref.dim %a, %c2 : memref<?x5x?xf32>
      %s = arith.addi %d0, %d1 : index
      %t = arith.addi %s, %d2 : index
      %x = memref.load %a[%i, %c1, %t] : memref<?x5x?xf32>
      memref.store %x, %a[%c0, %c0, %c0] : memref<?x5x?xf32>`,
    );
    expect(w).toContain('let arg0_stride0 = 5 * params.arg0_dim2;');
    expect(w).toContain('let dim = params.arg0_dim0;');
    expect(w).toContain('let dim_0 = 5;');
    expect(w).toContain('let dim_1 = params.arg0_dim2;');
    expect(w).toContain('let v2 = arg0[arg1 * arg0_stride0 + params.arg0_dim2 + v1];');
    expect(w).toContain('arg0[0] = v2;');
  });

  it('subviews with static and dynamic offsets, sizes and strides, rank-reducing, through casts', () => {
    const w = body(
      '%a: memref<8x16xf32>, %o: index, %s: index, %i: index',
      `%v = memref.subview %a[%o, 4] [4, %s] [2, %s] : memref<8x16xf32> to memref<4x?xf32, strided<[32, ?], offset: ?>>
      %r = memref.subview %a[2, %o] [1, 8] [1, 1] : memref<8x16xf32> to memref<8xf32, strided<[1], offset: ?>>
      %c = memref.cast %r : memref<8xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
      %x = memref.load %v[%i, %i] : memref<4x?xf32, strided<[32, ?], offset: ?>>
      memref.store %x, %c[%i] : memref<?xf32, strided<[1], offset: ?>>`,
    );
    expect(w).toContain('let subview_offset = arg1 * 16 + 4;');
    expect(w).toContain('let v0 = arg0[subview_offset + arg3 * 32 + arg3 * arg2];');
    expect(w).toContain('let subview_0_offset = 32 + arg1;');
    expect(w).toContain('arg0[subview_0_offset + arg3] = v0;');
    expect(w).toContain('var<storage, read_write> arg0: array<f32>;');
  });

  it('workgroup and private attributions, alloca in workgroup and private memory', () => {
    const w = emitOne(
      kernel(
        '%a: memref<64xf32>',
        `%tx = gpu.thread_id x
      %x = memref.load %a[%tx] : memref<64xf32>
      memref.store %x, %wg[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
      %c0 = arith.constant 0 : index
      memref.store %x, %pv[%c0] : memref<4xf32, #gpu.address_space<private>>
      %s = memref.alloca() : memref<2x3xi32, #gpu.address_space<workgroup>>
      %p = memref.alloca() : memref<3xf32>
      memref.store %x, %p[%c0] : memref<3xf32>
      gpu.barrier
      %y = memref.load %wg[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %y, %a[%tx] : memref<64xf32>`,
        ' workgroup(%wg: memref<64xf32, #gpu.address_space<workgroup>>) private(%pv: memref<4xf32, #gpu.address_space<private>>)',
      ).replace('%a: memref<64xf32>) workgroup', '%a: memref<64xf32>) workgroup'),
    );
    expect(w).toContain('var<workgroup> arg1: array<f32, 64>;\nvar<workgroup> alloca: array<i32, 6>;');
    expect(w).toContain('  var arg2: array<f32, 4>;');
    expect(w).toContain('  var alloca_0: array<f32, 3>;');
    expect(w).toContain('  arg1[thread_id_x] = v0;');
    // The storage buffer is read and written: the barrier orders global memory too.
    expect(w).toContain('  storageBarrier();\n  workgroupBarrier();');
  });

  it('workgroup arrays are declared with their shape where most loads have constant outer indices and no view needs a linear address', () => {
    const w = emitOne(
      kernel(
        '%a: memref<64xf32>',
        `%tx = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %x = memref.load %a[%tx] : memref<64xf32>
      memref.store %x, %wg[%tx, %tx] : memref<16x64xf32, #gpu.address_space<workgroup>>
      %y = memref.load %wg[%c1, %tx] : memref<16x64xf32, #gpu.address_space<workgroup>>
      memref.store %y, %rows[%tx, %c1] : memref<16x64xf32, #gpu.address_space<workgroup>>
      %z = memref.load %rows[%tx, %c1] : memref<16x64xf32, #gpu.address_space<workgroup>>
      %row = memref.subview %flat[1, 0] [1, 64] [1, 1] : memref<2x64xf32, #gpu.address_space<workgroup>> to memref<64xf32, strided<[1], offset: 64>, #gpu.address_space<workgroup>>
      memref.store %z, %row[%tx] : memref<64xf32, strided<[1], offset: 64>, #gpu.address_space<workgroup>>
      %u = memref.load %flat[%c1, %tx] : memref<2x64xf32, #gpu.address_space<workgroup>>
      memref.store %u, %a[%tx] : memref<64xf32>`,
        ' workgroup(%wg: memref<16x64xf32, #gpu.address_space<workgroup>>, %rows: memref<16x64xf32, #gpu.address_space<workgroup>>, %flat: memref<2x64xf32, #gpu.address_space<workgroup>>)',
      ),
    );
    // %wg: loaded at a constant row (a literal index: WebGPU's bounds clamp applies to the column
    // only); %rows: loaded at a thread's row; %flat: has a subview.
    expect(w).toContain('var<workgroup> arg1: array<array<f32, 64>, 16>;\nvar<workgroup> arg2: array<f32, 1024>;\nvar<workgroup> arg3: array<f32, 128>;');
    expect(w).toContain('arg1[thread_id_x][thread_id_x] = v0;');
    expect(w).toMatch(/= arg1\[1\]\[thread_id_x\];/);
    expect(w).toMatch(/= arg3\[thread_id_x \+ 64\];|= arg3\[64 \+ thread_id_x\];/);
  });
});

describe('vector', () => {
  it('vector<4xf32> loads, stores, broadcast, extract, insert, fma and reductions', () => {
    const w = body(
      '%a: memref<?xf32>, %o: memref<16xf32>, %s: f32, %k: index',
      `%c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %v = vector.load %a[%k] : memref<?xf32>, vector<4xf32>
      %b = vector.broadcast %s : f32 to vector<4xf32>
      %sp = vector.splat %s : vector<4xf32>
      %f = vector.fma %v, %b, %sp : vector<4xf32>
      %e = vector.extract %f[2] : f32 from vector<4xf32>
      %d = vector.extract %f[%k] : f32 from vector<4xf32>
      %i = vector.insert %e, %f [1] : f32 into vector<4xf32>
      %j = vector.insert %d, %i [%k] : f32 into vector<4xf32>
      %r = vector.reduction <add>, %j : vector<4xf32> into f32
      %m = vector.reduction <maxnumf>, %j, %r : vector<4xf32> into f32
      %q = arith.mulf %j, %j : vector<4xf32>
      vector.store %q, %o[%c4] : memref<16xf32>, vector<4xf32>
      memref.store %m, %o[%c0] : memref<16xf32>`,
    );
    expect(w).toContain('let v0 = vec4<f32>(arg0[arg3], arg0[arg3 + 1], arg0[arg3 + 2], arg0[arg3 + 3]);');
    expect(w).toContain('let v1 = vec4<f32>(arg2);');
    expect(w).toContain('let v2 = vec4<f32>(arg2);');
    expect(w).toContain('let v3 = fma(v0, v1, v2);');
    // %e, a lane of a let read once, is written where it is read.
    expect(w).not.toContain('let v4');
    expect(w).toContain('let v5 = v3[arg3];');
    expect(w).toContain('let v6 = vec4<f32>(v3.x, v3.z, v3.z, v3.w);');
    expect(w).toContain('let v7 = select(v6, vec4<f32>(v5), vec4<i32>(0i, 1i, 2i, 3i) == vec4<i32>(arg3));');
    expect(w).toContain('let v8 = v8_r_1 + v7.w;');
    expect(w).toMatch(/let v8_r = v7\.x \+ v7\.y;\n\s+let v8_r_1 = v8_r \+ v7\.z;/);
    expect(w).toContain('let v10 = v7 * v7;');
    expect(w).toContain('  arg1[4] = v10.x;\n  arg1[5] = v10.y;\n  arg1[6] = v10.z;\n  arg1[7] = v10.w;');
  });

  it('a lane of a loop-carried vector gets a let: the var it reads is reassigned by the yield', () => {
    const w = body(
      '%n: index, %s: f32, %o: memref<4xf32>',
      `%c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %v = vector.broadcast %s : f32 to vector<4xf32>
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %v) -> (vector<4xf32>) {
        %x = vector.extract %acc[0] : f32 from vector<4xf32>
        %b = vector.broadcast %x : f32 to vector<4xf32>
        %sum = arith.addf %acc, %b : vector<4xf32>
        scf.yield %sum : vector<4xf32>
      }
      vector.store %r, %o[%c0] : memref<4xf32>, vector<4xf32>`,
    );
    expect(w).toContain('    let v2 = v1.x;\n    let v3 = vec4<f32>(v2);\n    let v4 = v1 + v3;\n    v1 = v4;');
  });

  it('NaN tests and comparisons on vectors are lane-wise', () => {
    const w = body(
      '%a: memref<8xf32>, %o: memref<8xf32>',
      `%c0 = arith.constant 0 : index
      %v = vector.load %a[%c0] : memref<8xf32>, vector<4xf32>
      %m = arith.minimumf %v, %v : vector<4xf32>
      %c = arith.cmpf uno, %m, %v : vector<4xf32>
      %s = arith.select %c, %m, %v : vector<4xi1>, vector<4xf32>
      vector.store %s, %o[%c0] : memref<8xf32>, vector<4xf32>`,
    );
    expect(w).toContain('fn tile_isnan_vec4f32(x: vec4<f32>) -> vec4<bool> {\n  return vec4<bool>(tile_isnan_f32(x.x), tile_isnan_f32(x.y), tile_isnan_f32(x.z), tile_isnan_f32(x.w));\n}');
    expect(w).toContain('let v2 = tile_isnan_vec4f32(v1) | tile_isnan_vec4f32(v0);');
    expect(w).toContain('let v3 = select(v0, v1, v2);');
  });
});

describe('gpu', () => {
  it('ids from builtins, block_dim from the workgroup size, grid_dim from num_workgroups', () => {
    const w = body(
      '%o: memref<?xi32>',
      `%a = gpu.thread_id y
      %b = gpu.block_id z
      %c = gpu.block_dim x
      %d = gpu.grid_dim x
      %e = gpu.global_id x
      %s = arith.addi %a, %b : index
      %t = arith.addi %s, %c : index
      %u = arith.addi %t, %d : index
      %r = arith.index_cast %u : index to i32
      memref.store %r, %o[%e] : memref<?xi32>`,
    );
    expect(w).toContain(
      'fn k(@builtin(global_invocation_id) global_id: vec3<u32>, @builtin(local_invocation_id) local_id: vec3<u32>, @builtin(workgroup_id) workgroup_id: vec3<u32>, @builtin(num_workgroups) num_workgroups: vec3<u32>) {',
    );
    expect(w).toContain('let thread_id_y = i32(local_id.y);');
    expect(w).toContain('let block_id_z = i32(workgroup_id.z);');
    expect(w).toContain('let block_dim_x = 64i;');
    expect(w).toContain('let grid_dim_x = i32(num_workgroups.x);');
    expect(w).toContain('let global_id_x = i32(global_id.x);');
    expect(w).toContain('@compute @workgroup_size(64, 1, 1)');
  });

  it('a barrier with no storage buffer both read and written is workgroupBarrier() alone; unused bindings are still used statically', () => {
    const w = body('%a: memref<4xf32>, %b: memref<4xf32>, %n: i32', 'gpu.barrier');
    expect(w).toContain('  _ = &arg0;\n  _ = &arg1;\n  let arg2 = params.arg2;\n  workgroupBarrier();\n}');
    const out = emit(kernel('%a: memref<?xf32>', 'gpu.barrier'));
    expect(out.kernels[0]!.wgsl).toContain('  _ = &arg0;\n  _ = &params;\n  workgroupBarrier();');
  });
});

import { itCompilesWithNaga } from './harness.js';
itCompilesWithNaga();
