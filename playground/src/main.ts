/**
 * The playground page: a CodeMirror editor with the bundled examples, a pipeline field, and after
 * Compile the IR after each pass (with a diff against the one before), the WGSL of each kernel,
 * the software-pipeline schedule and per-pass times; Run executes the entry on the page's WebGPU and
 * in the interpreter on the same inputs. Compilation runs in a worker (worker.ts); the state
 * (program, pipeline, entry, arguments) lives in the URL's fragment.
 */
import { basicSetup } from 'codemirror';
import { EditorView, keymap } from '@codemirror/view';
import { lintGutter, setDiagnostics, type Diagnostic as CmDiagnostic } from '@codemirror/lint';
import { createTwoFilesPatch } from 'diff';
import type { DiagnosticInfo, PipelineInfo } from '../../api/index.js';
import { EXAMPLES, type Example } from './examples.js';
import { mlir } from './mlir-language.js';
import type { CompiledView, PassView, Reply, Request } from './protocol.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const examplesSelect = $<HTMLSelectElement>('examples');
const pipelineInput = $<HTMLInputElement>('pipeline');
const entryInput = $<HTMLInputElement>('entry');
const argsInput = $<HTMLInputElement>('args');
const compileButton = $<HTMLButtonElement>('compile');
const runButton = $<HTMLButtonElement>('run');
const progress = $('progress');
const result = $('result');
const diagnosticsList = $<HTMLUListElement>('diagnostics');
const passPicker = $<HTMLSelectElement>('pass-picker');
const diffBox = $<HTMLInputElement>('diff');
const irView = $('ir');
const wgslView = $('wgsl');
const scheduleView = $('schedule');
const timingsTable = $<HTMLTableElement>('timings');

const DEFAULT_PIPELINE = '@tile-wgsl{num-stages=3}';
/** A compilation or run that takes longer is stopped (the worker is replaced) and reported. */
const WORKER_DEADLINE_MS = 120_000;

// ------------------------------------------------------------------------------------ state in the URL

interface PageState {
  /** The example the program came from (its name), when the text is still that example's. */
  example?: string;
  program: string;
  pipeline: string;
  entry: string;
  args: string;
}

function exampleNamed(name: string | null | undefined): Example | undefined {
  return EXAMPLES.find((e) => e.name === name);
}

function readState(): PageState {
  const params = new URLSearchParams(location.hash.slice(1));
  const ex = exampleNamed(params.get('example')) ?? exampleNamed('matmul.mlir') ?? EXAMPLES[0]!;
  const program = params.get('program');
  return {
    example: program === null ? ex.name : (params.get('example') ?? undefined),
    program: program ?? ex.text,
    pipeline: params.get('pipeline') ?? DEFAULT_PIPELINE,
    entry: params.get('entry') ?? ex.entry,
    args: params.get('args') ?? ex.args,
  };
}

function writeState(): void {
  const params = new URLSearchParams();
  const text = editor.state.doc.toString();
  const ex = exampleNamed(examplesSelect.value);
  if (ex) params.set('example', ex.name);
  // An unchanged example is named only; edited text travels in full.
  if (!ex || ex.text !== text) params.set('program', text);
  params.set('pipeline', pipelineInput.value);
  params.set('entry', entryInput.value);
  params.set('args', argsInput.value);
  history.replaceState(null, '', `#${params.toString()}`);
}

let writeTimer: ReturnType<typeof setTimeout> | undefined;
function saveStateSoon(): void {
  clearTimeout(writeTimer);
  writeTimer = setTimeout(writeState, 150);
}

// ------------------------------------------------------------------------------------ editor

const initial = readState();
for (const ex of EXAMPLES) examplesSelect.append(new Option(ex.name, ex.name));
examplesSelect.append(new Option('(edited)', ''));
examplesSelect.value = initial.example ?? '';
pipelineInput.value = initial.pipeline;
entryInput.value = initial.entry;
argsInput.value = initial.args;

const editor = new EditorView({
  doc: initial.program,
  parent: $('editor'),
  extensions: [
    keymap.of([{ key: 'Mod-Enter', run: () => (compile(), true) }]),
    basicSetup,
    mlir,
    lintGutter(),
    EditorView.updateListener.of((u) => {
      // (The picker keeps naming the example an edited program came from: its file name in diagnostics.)
      if (u.docChanged) saveStateSoon();
    }),
  ],
});

examplesSelect.addEventListener('change', () => {
  const ex = exampleNamed(examplesSelect.value);
  if (!ex) return;
  editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: ex.text } });
  entryInput.value = ex.entry;
  argsInput.value = ex.args;
  writeState();
});
for (const input of [pipelineInput, entryInput, argsInput]) {
  input.addEventListener('input', saveStateSoon);
  input.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return;
    if (input === pipelineInput) compile();
    else run();
  });
}
compileButton.addEventListener('click', () => compile());
runButton.addEventListener('click', () => run());

// ------------------------------------------------------------------------------------ tabs

for (const b of document.querySelectorAll<HTMLButtonElement>('#tabs button')) {
  b.addEventListener('click', () => showTab(b.dataset['tab']!));
}
function showTab(name: string): void {
  for (const b of document.querySelectorAll<HTMLButtonElement>('#tabs button')) b.classList.toggle('active', b.dataset['tab'] === name);
  for (const t of document.querySelectorAll<HTMLElement>('.tab')) t.classList.toggle('hidden', t.id !== `tab-${name}`);
}

// ------------------------------------------------------------------------------------ the worker

let worker: Worker;
let nextId = 1;
const pending = new Map<number, { resolve: (r: Reply) => void; timer: ReturnType<typeof setTimeout>; onProgress?: (r: Extract<Reply, { type: 'progress' }>) => void }>();

function startWorker(): void {
  worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (e: MessageEvent<Reply>) => {
    const m = e.data;
    if (m.type === 'ready') return showPipelines(m.pipelines);
    const p = pending.get(m.id);
    if (!p) return;
    if (m.type === 'progress') return p.onProgress?.(m);
    clearTimeout(p.timer);
    pending.delete(m.id);
    p.resolve(m);
  };
  worker.onerror = (e) => {
    e.preventDefault();
    failAll(`the compiler worker failed: ${e.message || 'unknown error'}`);
  };
}

/** Every request still waiting fails with `message`, and a new worker takes over. */
function failAll(message: string): void {
  worker.terminate();
  const waiting = [...pending];
  pending.clear();
  startWorker();
  for (const [id, p] of waiting) {
    clearTimeout(p.timer);
    p.resolve({ id, type: 'failed', stage: 'internal', diagnostics: [{ severity: 'error', message, notes: [], text: `error: ${message}` }] });
  }
}

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type RequestBody = WithoutId<Request>;

function request(body: RequestBody, onProgress?: (r: Extract<Reply, { type: 'progress' }>) => void): Promise<Reply> {
  const id = nextId++;
  return new Promise((resolve) => {
    const timer = setTimeout(
      () => failAll(`stopped after ${WORKER_DEADLINE_MS / 1000} s: the ${body.type === 'compile' ? 'compilation' : 'run'} did not finish (the worker was restarted)`),
      WORKER_DEADLINE_MS,
    );
    pending.set(id, { resolve, timer, onProgress });
    worker.postMessage({ ...body, id } as Request);
  });
}

startWorker();

function showPipelines(pipelines: readonly PipelineInfo[]): void {
  const names = $('pipeline-names');
  names.replaceChildren(...pipelines.map((p) => new Option(`@${p.name}`)));
  $('pipeline-options').replaceChildren(
    ...pipelines.map((p) => {
      const para = document.createElement('p');
      para.title = p.summary;
      const opts = p.options.map((o) => `${o.name}=${o.default === '' ? "''" : o.default}`).join(' ');
      para.textContent = `@${p.name}{${opts}}  — ${p.summary}`;
      return para;
    }),
  );
}

// ------------------------------------------------------------------------------------ compile

/** The last successful compilation: of which text and pipeline, and what it gave. */
let current: { fileName: string; text: string; pipeline: string; view: CompiledView } | undefined;
let busy = false;

function setBusy(on: boolean): void {
  busy = on;
  compileButton.disabled = on;
  runButton.disabled = on;
}

function fileName(): string {
  return exampleNamed(examplesSelect.value)?.name ?? 'input.mlir';
}

/** Compile the editor's program; resolves once the page shows the outcome. */
async function compile(): Promise<boolean> {
  if (busy) return false;
  setBusy(true);
  writeState();
  const name = fileName();
  const text = editor.state.doc.toString();
  const pipeline = pipelineInput.value;
  const started = performance.now();
  progress.textContent = 'compiling…';
  result.textContent = '';
  result.className = '';
  const reply = await request({ type: 'compile', source: text, fileName: name, pipeline }, (p) => {
    progress.textContent = `compiling: pass ${p.index + 1}/${p.total} ${p.pass} (${(p.elapsedMs / 1000).toFixed(1)} s)`;
  });
  const ms = performance.now() - started;
  setBusy(false);
  document.body.dataset['compileMs'] = ms.toFixed(1);
  if (reply.type === 'compiled') {
    current = { fileName: name, text, pipeline, view: reply.result };
    failedView = undefined;
    const t = reply.result.timings;
    progress.textContent = `compiled in ${ms.toFixed(0)} ms (parse ${t.parseMs.toFixed(0)} ms, passes ${t.passesMs.toFixed(0)} ms, IR printing ${t.printMs.toFixed(0)} ms, WGSL ${t.wgslMs.toFixed(0)} ms)`;
    showCompiled(reply.result);
    showDiagnostics([...reply.result.diagnostics, ...(reply.result.wgslError ? [reply.result.wgslError] : [])], name);
    if (reply.result.entries.length && !reply.result.entries.includes(entryInput.value.replace(/^@/, ''))) {
      showDiagnostics(
        [
          ...reply.result.diagnostics,
          { severity: 'warning', message: `no function @${entryInput.value} to run (functions: ${reply.result.entries.map((e) => `@${e}`).join(', ')})`, notes: [], text: '' },
        ],
        name,
      );
    }
    document.body.dataset['state'] = 'compiled';
    return true;
  }
  if (reply.type === 'failed') {
    current = undefined;
    progress.textContent = `failed (${reply.stage}) after ${ms.toFixed(0)} ms`;
    showCompiled(
      (failedView = {
        inputIr: reply.inputIr ?? '',
        passes: reply.passes ?? [],
        ir: '',
        kernels: [],
        manifest: '',
        schedules: reply.schedules ?? [],
        diagnostics: [],
        timings: { parseMs: 0, passesMs: 0, printMs: 0, wgslMs: 0, totalMs: 0 },
        entries: [],
        log: '',
      }),
    );
    showDiagnostics(reply.diagnostics, name);
    document.body.dataset['state'] = 'failed';
  }
  return false;
}

function showCompiled(view: CompiledView): void {
  const options: HTMLOptionElement[] = [new Option('0. input (parsed)', '-1')];
  view.passes.forEach((p, i) => options.push(new Option(`${i + 1}. ${p.pass}${p.op === 'builtin.module' ? '' : ` on ${p.op}`} (${p.ms.toFixed(1)} ms)`, String(i))));
  passPicker.replaceChildren(...options);
  passPicker.value = view.passes.length ? String(view.passes.length - 1) : '-1';
  showIr();
  wgslView.textContent = view.kernels.length
    ? view.kernels.map((k) => `// ----- kernel ${k.symbol} (entry point ${k.entryPoint}, workgroup ${k.manifest.workgroupSize.join('x')})\n${k.wgsl}`).join('\n') +
      `\n// ----- manifest\n${view.manifest}\n`
    : view.passes.length || view.inputIr
      ? '// no WGSL: the program has no gpu.module kernels (compile with @tile-wgsl)\n'
      : '';
  if (view.schedules.length) {
    scheduleView.innerHTML = view.schedules.map((s) => s.svg).join('\n');
  } else {
    scheduleView.textContent = 'No software-pipelining schedule: the pipeline runs no tile-pipeline pass on a scheduled loop.';
  }
  const rows = view.passes.map((p, i) => `<tr><td class="num">${i + 1}</td><td>${escapeHtml(p.pass)}</td><td>${escapeHtml(p.op)}</td><td class="num">${p.ms.toFixed(2)} ms</td></tr>`);
  const t = view.timings;
  timingsTable.innerHTML =
    `<tr><th>#</th><th>pass</th><th>on</th><th>time</th></tr>${rows.join('')}` +
    (t.totalMs
      ? `<tr><td></td><td>parse</td><td></td><td class="num">${t.parseMs.toFixed(2)} ms</td></tr><tr><td></td><td>IR printing</td><td></td><td class="num">${t.printMs.toFixed(2)} ms</td></tr><tr><td></td><td>WGSL</td><td></td><td class="num">${t.wgslMs.toFixed(2)} ms</td></tr><tr><th></th><th>total</th><th></th><th class="num">${t.totalMs.toFixed(2)} ms</th></tr>`
      : '');
}

passPicker.addEventListener('change', showIr);
diffBox.addEventListener('change', showIr);

function irAt(view: CompiledView, index: number): string {
  if (index < 0) return view.inputIr;
  const p: PassView | undefined = view.passes[index];
  return p?.ir ?? '';
}

function showIr(): void {
  const view = currentView();
  if (!view) return void (irView.textContent = '');
  const i = Number(passPicker.value);
  const ir = irAt(view, i);
  if (!diffBox.checked) return void (irView.textContent = ir);
  const before = irAt(view, i - 1);
  const label = (k: number) => (k < 0 ? 'input' : `after ${view.passes[k]!.pass}`);
  const patch = i < 0 ? '' : createTwoFilesPatch(label(i - 1), label(i), before, ir, '', '', { context: 3 });
  irView.replaceChildren(
    ...(patch ? patch.split('\n').slice(2) : ['(no previous IR)']).map((line) => {
      const span = document.createElement('span');
      span.textContent = line + '\n';
      if (line.startsWith('+') && !line.startsWith('+++')) span.className = 'add';
      else if (line.startsWith('-') && !line.startsWith('---')) span.className = 'del';
      else if (line.startsWith('@@')) span.className = 'hunk';
      return span;
    }),
  );
  if (patch && !/^[+-][^+-]/m.test(patch)) irView.append(document.createTextNode('(the pass did not change the IR)\n'));
}

/** The last compilation's view, or the passes a failed one got through. */
let failedView: CompiledView | undefined;
function currentView(): CompiledView | undefined {
  return current?.view ?? failedView;
}

// ------------------------------------------------------------------------------------ diagnostics

function showDiagnostics(list: readonly DiagnosticInfo[], name: string): void {
  pipelineInput.classList.toggle(
    'invalid',
    list.some((d) => d.severity === 'error' && d.file === 'MLIR Textual PassPipeline Parser'),
  );
  diagnosticsList.replaceChildren(
    ...list.map((d) => {
      const li = document.createElement('li');
      li.className = d.severity;
      li.textContent = d.text || `${d.severity}: ${d.message}`;
      if (d.file === name && d.line) li.addEventListener('click', () => goTo(d.line!, d.column ?? 1));
      return li;
    }),
  );
  const doc = editor.state.doc;
  const marks: CmDiagnostic[] = [];
  for (const d of list) {
    if (d.file !== name || !d.line || d.line > doc.lines) continue;
    const line = doc.line(d.line);
    // One character at the column (the line's last one when the column is past its end).
    let from = Math.min(line.from + Math.max(0, (d.column ?? 1) - 1), line.to);
    if (from === line.to && line.to > line.from) from = line.to - 1;
    marks.push({
      from,
      to: Math.min(line.to, from + 1),
      severity: d.severity === 'error' ? 'error' : d.severity === 'warning' ? 'warning' : 'info',
      message: d.message + d.notes.map((n) => `\nnote: ${n.message}`).join(''),
    });
  }
  editor.dispatch(setDiagnostics(editor.state, marks));
}

function goTo(line: number, column: number): void {
  const l = editor.state.doc.line(line);
  const pos = Math.min(l.from + column - 1, l.to);
  editor.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
  editor.focus();
}

// ------------------------------------------------------------------------------------ run

async function run(): Promise<void> {
  if (busy) return;
  // Run what the editor holds: compile first when it changed (or never compiled).
  if (!current || current.fileName !== fileName() || current.text !== editor.state.doc.toString() || current.pipeline !== pipelineInput.value) {
    if (!(await compile())) return;
  }
  setBusy(true);
  writeState();
  result.textContent = 'running…';
  result.className = '';
  const reply = await request({ type: 'run', entry: entryInput.value.replace(/^@/, ''), args: argsInput.value, seed: 0 });
  setBusy(false);
  if (reply.type === 'ran') {
    const r = reply.result;
    const parts = r.comparison.map((c) => `${c.name}: max_abs=${fmt(c.maxAbs)} max_rel=${fmt(c.maxRel)}`);
    const kernels = r.launches.map((l) => `${l.kernel} ${l.ms !== undefined ? `${fmtMs(l.ms)} (${l.method === 'timestamp-query' ? 'GPU timestamps' : 'wall clock'})` : ''}`.trim());
    const where = r.noGpu ? 'interpreter only' : `WebGPU (${r.ranOn})`;
    result.textContent = `${where} vs interpreter: ${parts.join('; ') || 'no outputs'}${kernels.length ? ` | kernel ${kernels.join(', ')}` : ''}`;
    const ok = r.comparison.every((c) => c.maxAbs <= 1e-3 || c.maxRel <= 1e-3);
    result.className = ok ? 'ok' : 'bad';
    showDiagnostics(
      r.noGpu
        ? [
            {
              severity: 'warning',
              message: `WebGPU is not available: ${r.noGpu}; the kernels ran in the interpreter`,
              notes: [],
              text: `warning: WebGPU is not available: ${r.noGpu}; the kernels ran in the interpreter`,
            },
          ]
        : [],
      fileName(),
    );
    document.body.dataset['state'] = 'ran';
  } else if (reply.type === 'failed') {
    result.textContent = `run failed (${reply.stage})`;
    result.className = 'bad';
    showDiagnostics(reply.diagnostics, fileName());
    document.body.dataset['state'] = 'run-failed';
  }
}

const fmt = (x: number): string => (Number.isFinite(x) ? String(Number(x.toPrecision(6))) : Number.isNaN(x) ? 'nan' : x > 0 ? 'inf' : '-inf');
const fmtMs = (ms: number): string => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(3)} ms`);
const escapeHtml = (s: string): string => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

writeState();
