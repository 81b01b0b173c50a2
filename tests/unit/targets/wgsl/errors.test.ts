import { describe, expect, it } from 'vitest';
import { emitError, kernel } from './harness.js';

/** Line 4 of `kernel()` text is the first body line, at column 7 for ops. */
describe('unsupported input is a located error', () => {
  it('i64 arithmetic', () => {
    expect(emitError(kernel('%a: index', '      %x = arith.index_cast %a : index to i64\n      %y = arith.addi %x, %x : i64'))).toBe(
      "4:12: 'arith.index_cast' op type 'i64' is not supported by the WGSL target (WGSL has no 64-bit integers)",
    );
  });
  it('f64', () => {
    expect(emitError(kernel('%a: f32', '      %x = arith.extf %a : f32 to f64'))).toBe("4:12: 'arith.extf' op type 'f64' is not supported by the WGSL target (WGSL has no 64-bit floats)");
  });
  it('an unsupported math function', () => {
    expect(emitError(kernel('%a: f32', '      %x = math.erf %a : f32'))).toBe("4:12: 'math.erf' op is not supported by the WGSL target");
  });
  it('an unsupported op', () => {
    expect(emitError(kernel('%a: f32', '      %x:2 = arith.mulsi_extended %b, %b : i32\n', '').replace('%a: f32', '%b: i32'))).toBe(
      "4:14: 'arith.mulsi_extended' op is not supported by the WGSL target",
    );
  });
  it('i8 in memory and as a kernel argument', () => {
    expect(emitError(kernel('%a: memref<4xi8>', ''))).toBe(
      "3:17: 'gpu.func' op argument #0: memref element type 'i8' is not supported by the WGSL target (no 8-bit integers in WGSL memory)",
    );
    expect(emitError(kernel('%a: index', '      %s = memref.alloca() : memref<4xi16, #gpu.address_space<workgroup>>'))).toBe(
      "4:12: 'memref.alloca' op memref element type 'i16' is not supported by the WGSL target (no 16-bit integers in WGSL memory)",
    );
    expect(emitError(kernel('%a: i64', ''))).toBe("3:17: 'gpu.func' op argument #0: type 'i64' is not supported by the WGSL target (WGSL has no 64-bit integers)");
  });
  it('dynamic shapes that cannot be expressed', () => {
    expect(emitError(kernel('%n: index', '      %s = memref.alloca(%n) : memref<?xf32, #gpu.address_space<workgroup>>'))).toBe(
      "4:12: 'memref.alloca' op needs a static shape for a WGSL array, got 'memref<?xf32, #gpu.address_space<workgroup>>'",
    );
    expect(emitError(kernel('%a: memref<4xf32, strided<[?], offset: ?>>', ''))).toBe(
      "3:17: 'gpu.func' op argument #0: layout of 'memref<4xf32, strided<[?], offset: ?>>' is not supported by the WGSL target (dynamic or non-strided layouts of kernel arguments)",
    );
    expect(emitError(kernel('%a: memref<?xf32>, %i: index', '      %d = memref.dim %a, %i : memref<?xf32>'))).toBe(
      "4:12: 'memref.dim' op with a dimension index that is not a constant is not supported by the WGSL target",
    );
  });
  it('global allocations and memrefs carried by scf', () => {
    expect(emitError(kernel('%a: index', '      %s = memref.alloc() : memref<4xf32>'))).toBe(
      "4:12: 'memref.alloc' op in global memory is not supported by the WGSL target (only workgroup and private memory)",
    );
    const carried = kernel(
      '%a: memref<4xf32>, %c: i1',
      '      %r = scf.if %c -> (memref<4xf32>) {\n        scf.yield %a : memref<4xf32>\n      } else {\n        scf.yield %a : memref<4xf32>\n      }',
    );
    expect(emitError(carried)).toBe("4:12: 'scf.if' op carrying memref values is not supported by the WGSL target");
  });
  it('vectors WGSL cannot hold', () => {
    expect(emitError(kernel('%a: f32', '      %v = vector.broadcast %a : f32 to vector<8xf32>'))).toBe(
      "4:12: 'vector.broadcast' op vector type 'vector<8xf32>' is not supported by the WGSL target (only 1-D vectors of 2 to 4 elements)",
    );
  });
  it('an unknown workgroup size', () => {
    const text = `module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%a: f32) kernel {
      gpu.return
    }
  }
}
`;
    expect(emitError(text)).toBe("3:5: 'gpu.func' op has no known_block_size and no gpu.launch_func with constant block sizes; the WGSL target needs the workgroup size at compile time");
  });
  it('launches with different or non-constant block sizes', () => {
    const text = (second: string) => `module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @main(%n: index) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1)
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (${second}, %c1, %c1)
    return
  }
}
`;
    expect(emitError(text('%c1'))).toBe("11:5: 'gpu.launch_func' op launches the kernel with block size (1, 1, 1), but another launch uses (8, 1, 1); a WGSL shader has one workgroup size");
    expect(emitError(text('%n').replace(/ {4}gpu.launch_func @m::@k blocks in \(%c1, %c1, %c1\) threads in \(%c8.*\n/, ''))).toBe(
      "10:5: 'gpu.launch_func' op has block sizes that are not constants; the WGSL target needs the workgroup size at compile time (give the kernel a known_block_size)",
    );
  });
});
