// The WGSL target records which IR op each WGSL line came from (the manifest's lineLocations),
// and compile messages are reported at that op.
import { describe, expect, it } from 'vitest';
import { locationOfLine, opOfLine } from '../../../../targets/wgsl/line-locations.js';
import { formatCompileMessage } from '../../../../runtime/webgpu/compile-messages.js';
import { parseModule } from '../../core/interpret/helpers.js';
import { emitWgsl } from '../../../../targets/wgsl/index.js';

const TEXT = `module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%X: memref<32xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c4 = arith.constant 4 : i32
      %c8 = arith.constant 8 : i32
      %t = gpu.thread_id x
      %v = memref.load %X[%t] : memref<32xf32>
      %r, %ok = gpu.shuffle xor %v, %c4, %c8 : f32
      %s = arith.addf %v, %r : f32
      scf.if %ok {
        memref.store %s, %X[%t] : memref<32xf32>
        memref.store %v, %X[%t] : memref<32xf32>
      }
      gpu.return
    }
  }
}`;

describe('WGSL line locations', () => {
  const module = parseModule(TEXT, 'k.mlir');
  const [kernel] = emitWgsl(module).kernels;
  const lines = kernel!.wgsl.split('\n');
  const lineOf = (pattern: RegExp) => lines.findIndex((l) => pattern.test(l)) + 1;
  const runs = kernel!.manifest.lineLocations;

  it('maps each body line to the op it was emitted for, nested regions included', () => {
    expect(locationOfLine(runs, lineOf(/subgroupShuffleXor/))).toBe('k.mlir:8:17');
    expect(locationOfLine(runs, lineOf(/ = v\w* \+ /))).toBe('k.mlir:9:12');
    expect(locationOfLine(runs, lineOf(/^\s+if \(/))).toBe('k.mlir:10:7');
    expect(locationOfLine(runs, lineOf(/arg0\[.*\] = /))).toBe('k.mlir:11:9');
  });

  it('maps an enable line to the first op that needed it, and the rest to the kernel', () => {
    expect(lines[lineOf(/^enable subgroups;/) - 1]).toBe('enable subgroups;');
    expect(locationOfLine(runs, lineOf(/^enable subgroups;/))).toBe('k.mlir:8:17');
    expect(locationOfLine(runs, lineOf(/^@compute/))).toBe('k.mlir:3:5');
  });

  it('reports a compiler message at the op of its line', () => {
    const line = lineOf(/subgroupShuffleXor/);
    expect(formatCompileMessage({ type: 'error', line, column: 3, message: 'bad shuffle' }, kernel!.manifest)).toBe(`k.mlir:8:17: error: bad shuffle in kernel @m::@k (k.wgsl:${line}:3)`);
    expect(opOfLine(module, runs, line)?.name).toBe('gpu.shuffle');
  });
});
