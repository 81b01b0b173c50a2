/** What runtime.ts needs from a provider: an opened device that compiles and executes. */
import type { CompileMessage } from './errors.js';
import type { AdapterDescription, ExecRequest, ExecResult } from './exec-types.js';

export type ProviderName = 'dawn' | 'wgpu';

export interface Backend<P extends string = ProviderName> {
  readonly provider: P;
  readonly adapter: AdapterDescription;
  /** Where the provider came from (package, addon path, deno binary). */
  readonly source: string;
  compile(wgsl: string, timeoutMs: number): Promise<CompileMessage[]>;
  execute(req: ExecRequest, timeoutMs: number): Promise<ExecResult>;
  close(): Promise<void>;
}

/** Runs `work`, or rejects with `onTimeout()`'s error after `ms`; the timer never outlives the work. */
export function withDeadline<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
