// The hooks registered by source-hooks.mjs (module hooks run in their own thread).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

let ts;

export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (e) {
    if (!/^(\.{1,2}\/|\/|file:)/.test(specifier) || !specifier.endsWith('.js')) throw e;
    return next(specifier.slice(0, -3) + '.ts', context);
  }
}

export async function load(url, context, next) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return next(url, context);
  ts ??= (await import('typescript')).default;
  const fileName = fileURLToPath(url);
  const out = ts.transpileModule(await readFile(fileName, 'utf8'), {
    fileName,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, sourceMap: false, inlineSourceMap: true },
  });
  return { format: 'module', source: out.outputText, shortCircuit: true };
}
