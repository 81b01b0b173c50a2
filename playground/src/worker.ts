/**
 * The compiler worker: compiles with the API off the page's thread, sends a progress message
 * before each pass, and runs the entry on the worker's WebGPU device and in the interpreter on the
 * same inputs. It keeps the last compilation (and its reference: the program before the pipeline)
 * for Run.
 */
/// <reference types="@webgpu/types" />
import { compareOutputs, TileError, TileOpt, type Compilation } from '../../api/index.js';
import type { PassView, Reply, Request } from './protocol.js';

const scope = self as unknown as { postMessage(message: Reply): void; onmessage: ((e: MessageEvent<Request>) => void) | null };
const post = (m: Reply) => scope.postMessage(m);
const tile = new TileOpt();
let compiled: { source: string; fileName: string; compilation: Compilation } | undefined;
let device: Promise<GPUDevice | string> | undefined;

post({ type: 'ready', pipelines: tile.pipelines(), passes: tile.passes() });

scope.onmessage = (e) => {
  const req = e.data;
  const work = req.type === 'compile' ? compile(req) : run(req);
  work.catch((err: unknown) => fail(req.id, err));
};

const passView = (p: { pass: string; op: string; ms: number; ir?: string }): PassView => ({ pass: p.pass, op: p.op, ms: p.ms, ir: p.ir });

async function compile(req: Extract<Request, { type: 'compile' }>): Promise<void> {
  compiled = undefined;
  const compilation = tile.compileSync(req.source, {
    pipeline: req.pipeline,
    fileName: req.fileName,
    onProgress: (p) => post({ id: req.id, type: 'progress', ...p }),
  });
  compiled = { source: req.source, fileName: req.fileName, compilation };
  post({
    id: req.id,
    type: 'compiled',
    result: {
      inputIr: compilation.inputIr,
      passes: compilation.passes.map(passView),
      ir: compilation.ir,
      kernels: compilation.kernels,
      manifest: compilation.manifest ? JSON.stringify(compilation.manifest, null, 2) : '',
      schedules: compilation.schedules,
      diagnostics: compilation.diagnostics,
      wgslError: compilation.wgslError,
      timings: compilation.timings,
      entries: compilation.entries().map((x) => x.name),
      log: compilation.log,
    },
  });
}

/** The worker's WebGPU device (timestamp queries when the adapter has them), or why there is none. */
function openDevice(): Promise<GPUDevice | string> {
  device ??= (async () => {
    const gpu = (navigator as Navigator & { gpu?: GPU }).gpu;
    if (!gpu) return 'this browser has no WebGPU (navigator.gpu is missing)';
    const adapter = await gpu.requestAdapter();
    if (!adapter) return 'WebGPU found no adapter';
    const features = (['timestamp-query', 'shader-f16'] as const).filter((f) => adapter.features.has(f));
    const dev = await adapter.requestDevice({ requiredFeatures: features });
    dev.lost.then(() => (device = undefined));
    return dev;
  })().catch((e: unknown) => `WebGPU could not open a device: ${(e as Error).message}`);
  return device;
}

async function run(req: Extract<Request, { type: 'run' }>): Promise<void> {
  if (!compiled) throw new TileError('run', [{ severity: 'error', message: 'compile the program first', notes: [], text: 'error: compile the program first' }]);
  const { compilation, source, fileName } = compiled;
  // The reference: the program before the pipeline, interpreted.
  const reference = tile.compileSync(source, { fileName, wgsl: false, irAfterEachPass: false });
  const cpu = await reference.run({ entry: req.entry, args: req.args, seed: req.seed });
  const gpu = await openDevice();
  if (typeof gpu === 'string') {
    const interpreted = await compilation.run({ entry: req.entry, inputs: cpu.inputs });
    post({ id: req.id, type: 'ran', result: { comparison: compareOutputs(cpu, interpreted), ranOn: 'interpreter', launches: [], interpreterMs: cpu.ms, noGpu: gpu } });
    return;
  }
  const onGpu = await compilation.run({ entry: req.entry, inputs: cpu.inputs, device: gpu, timing: { repeat: 5, rounds: 3 }, timeoutMs: 30_000 });
  post({ id: req.id, type: 'ran', result: { comparison: compareOutputs(cpu, onGpu), ranOn: onGpu.ranOn, launches: onGpu.launches, interpreterMs: cpu.ms, deviceMs: onGpu.ms } });
}

function fail(id: number, err: unknown): void {
  if (err instanceof TileError) {
    const partial = err.partial;
    post({ id, type: 'failed', stage: err.stage, diagnostics: err.diagnostics, passes: partial?.passes.map(passView), schedules: partial?.schedules, inputIr: partial?.inputIr });
    return;
  }
  const message = `internal error: ${err instanceof Error ? err.message : String(err)}`;
  post({ id, type: 'failed', stage: 'internal', diagnostics: [{ severity: 'error', message, notes: [], text: message }] });
}
