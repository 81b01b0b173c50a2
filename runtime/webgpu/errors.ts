/**
 * The one error type of runtime/webgpu. Its message is one line first (what failed, where), with
 * any detail on the following lines; `kind` lets callers tell a missing GPU from a broken kernel.
 * This module has no runtime imports: the Deno runner loads it too.
 */

export type RuntimeErrorKind =
  | 'no-adapter' // no provider found a WebGPU adapter
  | 'provider' // a provider could not be loaded or its subprocess failed
  | 'unsupported' // the kernel needs a feature or limit the adapter lacks
  | 'argument' // the request does not match the manifest
  | 'manifest' // the manifest itself is inconsistent
  | 'compile' // WGSL compilation failed
  | 'validation' // WebGPU validation, out-of-memory or internal error
  | 'device-lost'
  | 'timeout';

/** One shader compiler message, positions in the WGSL text (1-based; 0 when unknown). */
export interface CompileMessage {
  readonly type: 'error' | 'warning' | 'info';
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export class RuntimeError extends Error {
  override readonly name = 'RuntimeError';
  constructor(
    readonly kind: RuntimeErrorKind,
    message: string,
    /** Compiler messages, for kind 'compile'. */
    readonly compileMessages: readonly CompileMessage[] = [],
  ) {
    super(message);
  }

  /** A plain object that survives JSON (the Deno runner's replies). */
  toJSON(): { kind: RuntimeErrorKind; message: string; compileMessages: readonly CompileMessage[] } {
    return { kind: this.kind, message: this.message, compileMessages: this.compileMessages };
  }

  static fromJSON(o: { kind: RuntimeErrorKind; message: string; compileMessages?: readonly CompileMessage[] }): RuntimeError {
    return new RuntimeError(o.kind, o.message, o.compileMessages ?? []);
  }
}
