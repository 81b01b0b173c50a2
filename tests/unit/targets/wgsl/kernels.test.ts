import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatWgslOutput, writeWgslOutput } from '../../../../targets/wgsl/index.js';
import { layoutUniforms } from '../../../../targets/wgsl/uniform-layout.js';
import { emit, itCompilesWithNaga } from './harness.js';

const INPUTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../filecheck/targets/wgsl/Inputs');
const input = (name: string) => readFileSync(path.join(INPUTS, name), 'utf8');

describe('workloads', () => {
  it('elementwise add: edge mask, read-only inputs, dynamic sizes and n in the uniforms', () => {
    const out = emit(input('elementwise-add.mlir'), 'elementwise-add.mlir');
    const [k] = out.kernels;
    expect(k!.manifest.bindings.map((b) => [b.binding, b.argIndex, b.name, b.elementType, b.access, b.shape])).toEqual([
      [0, 0, 'arg0', 'f32', 'read', [null]],
      [1, 1, 'arg1', 'f32', 'read', [null]],
      [2, 2, 'arg2', 'f32', 'read_write', [null]],
    ]);
    expect(k!.manifest.uniforms).toEqual({
      binding: 3,
      size: 16,
      fields: [
        { name: 'arg0_dim0', type: 'i32', offset: 0, source: { argIndex: 0, dim: 0 } },
        { name: 'arg1_dim0', type: 'i32', offset: 4, source: { argIndex: 1, dim: 0 } },
        { name: 'arg2_dim0', type: 'i32', offset: 8, source: { argIndex: 2, dim: 0 } },
        { name: 'arg3', type: 'i32', offset: 12, source: { argIndex: 3 } },
      ],
    });
    expect(k!.manifest).toMatchObject({
      symbol: '@kernels::@add',
      entryPoint: 'add',
      shader: 'add.wgsl',
      workgroupSize: [256, 1, 1],
      enables: [],
      location: 'elementwise-add.mlir:5:5',
      arguments: [
        { kind: 'memref', type: 'memref<?xf32>' },
        { kind: 'memref', type: 'memref<?xf32>' },
        { kind: 'memref', type: 'memref<?xf32>' },
        { kind: 'scalar', type: 'index' },
      ],
    });
    expect(k!.wgsl).toContain('  if (v2) {\n    let v3 = arg0[v1];\n    let v4 = arg1[v1];\n    let v5 = v3 + v4;\n    arg2[v1] = v5;\n  }');
  });

  it('rgb2gray: workgroup size from the launch, subviews of the channel planes', () => {
    const out = emit(input('rgb2gray.mlir'), 'rgb2gray.mlir');
    const k = out.kernels[0]!;
    expect(k.manifest.workgroupSize).toEqual([256, 1, 1]);
    expect(k.manifest.bindings.map((b) => [b.access, b.shape])).toEqual([
      ['read', [null, 3, null, null]],
      ['read_write', [null, null, null]],
    ]);
    expect(k.manifest.uniforms!.fields.map((f) => [f.name, f.offset])).toEqual([
      ['arg0_dim0', 0],
      ['arg0_dim2', 4],
      ['arg0_dim3', 8],
      ['arg1_dim0', 12],
      ['arg1_dim1', 16],
      ['arg1_dim2', 20],
    ]);
    expect(k.manifest.uniforms!.size).toBe(32);
    // channel c of image n starts at n * 3HW + c * HW
    expect(k.wgsl).toContain('let arg0_stride0 = 3 * params.arg0_dim2 * params.arg0_dim3;');
    expect(k.wgsl).toContain('let subview_2_offset = v5 * arg0_stride0 + arg0_stride1;');
    expect(k.wgsl).toContain('let v10 = arg0[subview_2_offset + v7 * params.arg0_dim3 + v8];');
  });

  it('tiled matmul: workgroup tiles, barriers in a loop over K, read-only A and B', () => {
    const out = emit(input('matmul-tiled.mlir'), 'matmul-tiled.mlir');
    const k = out.kernels[0]!;
    expect(k.manifest.workgroupSize).toEqual([16, 16, 1]);
    expect(k.manifest.bindings.map((b) => b.access)).toEqual(['read', 'read', 'read_write']);
    expect(k.wgsl).toContain('var<workgroup> arg3: array<f32, 256>;\nvar<workgroup> arg4: array<f32, 256>;');
    expect(k.wgsl.match(/workgroupBarrier\(\);/g)).toHaveLength(2);
    expect(k.wgsl).not.toContain('storageBarrier');
    expect(k.wgsl).toContain('arg3[thread_id_y * 16 + thread_id_x] = v13;');
    expect(k.wgsl).toContain('let v20 = arg4[arg7 * 16 + thread_id_x];');
  });
});

describe('uniform layout', () => {
  it('places mixed f16 / i32 / f32 / u32 scalars at their WGSL offsets and rounds the size to 16', () => {
    // f16 at 0; i32 aligned to 4; f16 right after; f32 at the next multiple of 4; u32 (an i1) after it.
    const out = emit(
      `module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%h: f16, %i: i32, %g: f16, %x: f32, %b: i1, %a: memref<?x?xf16>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
      gpu.return
    }
  }
}
`,
      'layout.mlir',
    );
    const u = out.kernels[0]!.manifest.uniforms!;
    expect(u.fields.map((f) => [f.name, f.type, f.offset])).toEqual([
      ['arg0', 'f16', 0],
      ['arg1', 'i32', 4],
      ['arg2', 'f16', 8],
      ['arg3', 'f32', 12],
      ['arg4', 'u32', 16],
      ['arg5_dim0', 'i32', 20],
      ['arg5_dim1', 'i32', 24],
    ]);
    expect(u.size).toBe(32);
    expect(u.binding).toBe(1);
    expect(out.kernels[0]!.manifest.enables).toEqual(['f16']);
    expect(out.kernels[0]!.wgsl).toContain('struct Params {\n  arg0: f16,\n  arg1: i32,\n  arg2: f16,\n  arg3: f32,\n  arg4: u32,\n  arg5_dim0: i32,\n  arg5_dim1: i32,\n}');
  });

  it('rounds the struct to its alignment, then to 16', () => {
    const f16 = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `h${i}`, type: 'f16' as const, source: { argIndex: i } }));
    expect(layoutUniforms(f16(3), 0)).toMatchObject({ size: 16, fields: [{ offset: 0 }, { offset: 2 }, { offset: 4 }] });
    expect(layoutUniforms(f16(9), 0)!.size).toBe(32);
    expect(layoutUniforms([], 0)).toBeUndefined();
  });
});

describe('output', () => {
  const twoModules = `module attributes {gpu.container_module} {
  gpu.module @a {
    gpu.func @k(%x: memref<4xf32>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      gpu.return
    }
    gpu.func @helper() {
      gpu.return
    }
  }
  gpu.module @b {
    gpu.func @k(%x: memref<4xi32>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      gpu.return
    }
    gpu.func @main() workgroup(%w: memref<8x4xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 2, 2, 2>} {
      gpu.return
    }
  }
}
`;

  it('kernels of all gpu.modules, entry points made unique with the module name', () => {
    const out = emit(twoModules, 'two.mlir');
    expect(out.kernels.map((k) => [k.manifest.symbol, k.manifest.entryPoint, k.manifest.shader])).toEqual([
      ['@a::@k', 'a_k', 'a_k.wgsl'],
      ['@b::@k', 'b_k', 'b_k.wgsl'],
      ['@b::@main', 'main', 'main.wgsl'],
    ]);
    expect(out.manifest.version).toBe(1);
  });

  it('formats kernels and manifest as one text, and writes them as files', () => {
    const out = emit(twoModules, 'two.mlir');
    const text = formatWgslOutput(out);
    expect(text.split('\n').filter((l) => l.startsWith('// -----'))).toEqual(['// ----- kernel @a::@k', '// ----- kernel @b::@k', '// ----- kernel @b::@main', '// ----- manifest']);
    expect(JSON.parse(text.slice(text.indexOf('// ----- manifest') + '// ----- manifest'.length))).toEqual(out.manifest);
    expect(text).toContain('"workgroupSize": [4, 1, 1]');
    // It starts with a line a kernel: symbol, workgroup size, workgroup memory, WGSL bytes.
    const bytes = out.kernels.map((k) => k.wgsl.length);
    expect(text.split('\n').slice(0, 4)).toEqual([
      '// 3 kernels:',
      `//   @a::@k: workgroup 4x1x1, 0 B workgroup memory, ${bytes[0]} B WGSL`,
      `//   @b::@k: workgroup 4x1x1, 0 B workgroup memory, ${bytes[1]} B WGSL`,
      `//   @b::@main: workgroup 2x2x2, 128 B workgroup memory, ${bytes[2]} B WGSL`,
    ]);
    expect(bytes.every((n) => n > 50)).toBe(true);
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'tile-wgsl-')), 'out');
    try {
      writeWgslOutput(out, dir);
      expect(readdirSync(dir).sort()).toEqual(['a_k.wgsl', 'b_k.wgsl', 'main.wgsl', 'manifest.json']);
      expect(JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'))).toEqual(out.manifest);
      expect(readFileSync(path.join(dir, 'b_k.wgsl'), 'utf8')).toBe(out.kernels[1]!.wgsl);
    } finally {
      rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });

  it('is deterministic', () => {
    const a = formatWgslOutput(emit(input('matmul-tiled.mlir'), 'm.mlir'));
    const b = formatWgslOutput(emit(input('matmul-tiled.mlir'), 'm.mlir'));
    expect(a).toBe(b);
  });
});

itCompilesWithNaga();
