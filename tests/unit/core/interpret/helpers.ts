// Shared by the interpreter tests: parse and verify a module, build an interpreter over it.
import { parseModule as parseVerified } from '../../../../dialects/builtin/parse-module.js';
import { DiagnosticError } from '../../../../core/ir/diagnostics.js';
import type { Operation } from '../../../../core/ir/operation.js';
import type { MemRefType } from '../../../../core/ir/types.js';
import { Interpreter, type InterpreterOptions } from '../../../../core/interpret/engine.js';
import { Buffer, MemRef, type RtValue } from '../../../../core/interpret/values.js';
import { createContext } from '../../../../dialects/registry.js';
import { createSemantics } from '../../../../dialects/semantics.js';

export function parseModule(text: string, name = 'test.mlir', allowUnregistered = false): Operation {
  const context = createContext();
  context.allowUnregisteredDialects = allowUnregistered;
  return parseVerified(text, context, name);
}

export function interpreter(text: string, options: Partial<InterpreterOptions> = {}, allowUnregistered = false): Interpreter {
  return new Interpreter(parseModule(text, 'test.mlir', allowUnregistered), { semantics: createSemantics(), ...options });
}

/** Runs `fn` of the module in `text` with `args`. */
export function run(text: string, fn: string, args: readonly RtValue[] = []): RtValue[] {
  return interpreter(text).run(fn, args);
}

/** The message of the error `f` throws (failing if it does not). */
export function errorOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof DiagnosticError) {
      const flc = e.diagnostic.loc.fileLineCol();
      return `${flc ? `${flc.line}:${flc.col}: ` : ''}${e.diagnostic.message}`;
    }
    throw e;
  }
  throw new Error('expected an error');
}

/** A contiguous memref of `type` over `data` (a fresh buffer). */
export function memrefOf(type: MemRefType, data: ArrayLike<number> | ArrayLike<bigint>): MemRef {
  const m = MemRef.contiguous(type, Buffer.allocate(type.elementType, type.numElements, type.memorySpace, 'test argument'));
  (m.buffer.data as unknown as { set(a: ArrayLike<number | bigint>): void }).set(data);
  return m;
}

/**
 * A module whose @main(%out: memref<4xi32>) launches the kernel @k::@`kernel` on one workgroup of
 * four threads, passing %out; `body` is the kernel's, before its gpu.return.
 */
export function fourThreadLaunch(kernel: string, body: string, attributions = ''): string {
  return `
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @${kernel}(%out: memref<4xi32>) ${attributions} kernel {
${body}
      gpu.return
    }
  }
  func.func @main(%out: memref<4xi32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @k::@${kernel} blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%out : memref<4xi32>)
    return
  }
}`;
}
