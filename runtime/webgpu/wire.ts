/**
 * The line protocol between the Node side (runner-backend.ts) and a runner (runner-server.ts): one JSON
 * request per stdin line, one reply per stdout line marked with WIRE_PREFIX (so stray output of
 * the driver cannot be mistaken for a reply). Buffer contents travel as files in a private
 * temporary folder, not inside the JSON.
 */
import type { CompileMessage, RuntimeErrorKind } from './errors.js';
import type { AdapterDescription, ExecBinding, ExecRequest, KernelTimings } from './exec-types.js';

export const WIRE_PREFIX = '@tile-webgpu ';

export interface WireBinding extends Omit<ExecBinding, 'data'> {
  /** File (in the request's dir) holding the initial contents. */
  readonly file: string;
}

/** An ExecRequest on the wire: its bindings' contents in files of `dir`. */
export interface WireRunRequest extends Omit<ExecRequest, 'bindings'> {
  readonly id: number;
  readonly op: 'run';
  readonly dir: string;
  readonly bindings: readonly WireBinding[];
}

export type WireRequest = { readonly id: number; readonly op: 'compile'; readonly wgsl: string } | WireRunRequest;

/** A request before the client numbers it. */
export type WireRequestBody = WireRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

export interface WireError {
  readonly kind: RuntimeErrorKind;
  readonly message: string;
  readonly compileMessages?: readonly CompileMessage[];
}

/** id 0 is the runner's greeting, sent once the adapter is known (with where the provider came from). */
export type WireReply =
  | { readonly id: number; readonly ok: false; readonly error: WireError }
  | { readonly id: 0; readonly ok: true; readonly adapter: AdapterDescription; readonly source?: string }
  | { readonly id: number; readonly ok: true; readonly messages: readonly CompileMessage[] }
  | {
      readonly id: number;
      readonly ok: true;
      readonly outputs: readonly { readonly binding: number; readonly file: string }[];
      readonly timings?: KernelTimings;
      readonly pipelineMs: number;
    };
