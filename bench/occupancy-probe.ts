#!/usr/bin/env node
/**
 * How many workgroups an SM (or compute unit) runs at once, by the workgroup memory they declare.
 * Each of `units x W` workgroups of T threads runs the same dependent FMA chain (latency-bound, so
 * workgroups resident together take no longer than one alone) with S KiB of workgroup memory:
 * when the time for W per unit doubles from W to 2W, only W fit. On an H100 under Dawn the step
 * comes at 28 KiB (bench/RESULTS.md, occupancy probe), which is why 32 KiB matmul configurations run at
 * half speed there.
 *
 *   node build/bench/occupancy-probe.js [--provider dawn|wgpu] [--units 132] [--threads 128,256]
 *     [--kib 0,8,16,20,24,28,32,40,48] [--iters 20000]
 *
 * Prints one Markdown table per workgroup size: ms per launch (GPU timestamps where the adapter
 * has them) for W = 1, 2, 4, 8 workgroups per unit.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseModule } from '../dialects/builtin/parse-module.js';
import { createContext } from '../dialects/registry.js';
import { benchmarkKernel, openRuntime, type ProviderName } from '../runtime/webgpu/index.js';
import { emitWgsl, type EmittedKernel } from '../targets/wgsl/index.js';
import { fmt } from './lib/gpu.js';
import { table } from './lib/measure.js';

/** The probe kernel: `threads` threads a workgroup, `kib` KiB of workgroup memory (touched, so it is kept), `iters` x 4 dependent FMAs. */
export function probeKernel(threads: number, kib: number, iters: number): string {
  const floats = Math.max(1, (kib * 1024) / 4);
  const wg = `memref<${floats}xf32, #gpu.address_space<workgroup>>`;
  return `module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @probe(%out: memref<?xf32>) workgroup(%s: ${wg}) kernel attributes {known_block_size = array<i32: ${threads}, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = arith.constant ${iters} : index
      %size = arith.constant ${floats} : index
      %threads = arith.constant ${threads} : index
      %m = arith.constant 1.0001 : f32
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %base = arith.muli %bid, %threads : index
      %gid = arith.addi %base, %tid : index
      %slot = arith.remui %tid, %size : index
      %i32 = arith.index_cast %tid : index to i32
      %seed = arith.sitofp %i32 : i32 to f32
      memref.store %seed, %s[%slot] : ${wg}
      gpu.barrier
      %v0 = memref.load %s[%slot] : ${wg}
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %v0) -> (f32) {
        %a = math.fma %acc, %m, %m : f32
        %b = math.fma %a, %m, %m : f32
        %c = math.fma %b, %m, %m : f32
        %d = math.fma %c, %m, %m : f32
        scf.yield %d : f32
      }
      memref.store %r, %out[%gid] : memref<?xf32>
      gpu.return
    }
  }
}
`;
}

export function compileProbe(threads: number, kib: number, iters: number): EmittedKernel {
  // The probe asks for more than WebGPU's default limits on purpose; the device says whether it runs.
  const limits = { maxComputeWorkgroupStorageSize: Math.max(kib * 1024, 16384), maxComputeInvocationsPerWorkgroup: Math.max(threads, 256), maxComputeWorkgroupSizeX: Math.max(threads, 256) };
  return emitWgsl(parseModule(probeKernel(threads, kib, iters), createContext(), 'occupancy-probe.mlir'), { limits }).kernels[0]!;
}

const PER_UNIT = [1, 2, 4, 8];

interface Options {
  provider: ProviderName;
  units: number;
  threads: number[];
  kib: number[];
  iters: number;
}

function parseArgs(argv: readonly string[]): Options {
  const o: Options = { provider: 'dawn', units: 132, threads: [128, 256], kib: [0, 8, 16, 20, 24, 28, 32, 40, 48], iters: 20000 };
  const ints = (flag: string, v: string | undefined): number[] => {
    const xs = (v ?? '').split(',').map(Number);
    if (!v || xs.some((x) => !Number.isInteger(x) || x < 0)) throw new Error(`${flag} takes non-negative integers, got '${v ?? ''}'`);
    return xs;
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = argv[++i];
    switch (flag) {
      case '--provider':
        if (value !== 'dawn' && value !== 'wgpu') throw new Error(`--provider is dawn or wgpu, got '${value ?? ''}'`);
        o.provider = value;
        break;
      case '--units':
        o.units = ints(flag, value)[0]!;
        break;
      case '--threads':
        o.threads = ints(flag, value);
        break;
      case '--kib':
        o.kib = ints(flag, value);
        break;
      case '--iters':
        o.iters = ints(flag, value)[0]!;
        break;
      default:
        throw new Error(`unknown option '${flag}'`);
    }
  }
  return o;
}

async function main(argv: readonly string[]): Promise<void> {
  const o = parseArgs(argv);
  const rt = await openRuntime({ provider: o.provider });
  try {
    console.log(`occupancy-probe: ${rt.description}; ${o.units} units, ${o.iters * 4} dependent FMAs a thread`);
    for (const threads of o.threads) {
      const rows: string[][] = [];
      for (const kib of o.kib) {
        const k = compileProbe(threads, kib, o.iters);
        const cells: string[] = [];
        for (const w of PER_UNIT) {
          const groups = o.units * w;
          const out = { data: new Float32Array(groups * threads), shape: [groups * threads] };
          const b = await benchmarkKernel(rt, { manifest: k.manifest, wgsl: k.wgsl, args: [out], grid: [groups, 1, 1], timeoutMs: 60_000 }, { repeat: 3, rounds: 3, warmup: 2 });
          cells.push(fmt(b.medianMs));
        }
        rows.push([`${kib} KiB`, ...cells]);
      }
      console.log(`\n${threads} threads a workgroup, ms per launch (${o.provider}):\n`);
      console.log(table([['workgroup memory', ...PER_UNIT.map((w) => `W = ${w}`)], ...rows]));
    }
  } finally {
    await rt.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    process.stderr.write(`occupancy-probe: error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
}
