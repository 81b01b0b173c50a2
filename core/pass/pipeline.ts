import type { OptionValue } from './options.js';
import { printOptions } from './options.js';
import type { PassDefinition } from './pass.js';

/** A pass with its option values, in a pass manager. */
export interface PassEntry {
  readonly kind: 'pass';
  readonly pass: PassDefinition;
  readonly options: Readonly<Record<string, OptionValue>>;
}

/** A nested pass manager, run on the immediate children of its anchor kind. */
export interface NestEntry {
  readonly kind: 'nest';
  readonly manager: OpPassManager;
}

export type PipelineEntry = PassEntry | NestEntry;

/** The op kind of a nested manager that runs on every immediate child op. */
export const ANY_OP = 'any';

/**
 * A pass manager anchored on an op kind (MLIR's OpPassManager): an ordered list of passes and
 * nested pass managers.
 */
export class OpPassManager {
  readonly entries: PipelineEntry[] = [];
  constructor(readonly anchor: string) {}

  /** Add `pass` as is; the caller checked that it can run on this manager's ops. */
  addPass(pass: PassDefinition, options: Readonly<Record<string, OptionValue>> = {}): this {
    this.entries.push({ kind: 'pass', pass, options: { ...pass.defaults, ...options } });
    return this;
  }

  /**
   * Add `pass`, nesting it in a new manager on its op kind when it is restricted to another
   * kind than this manager's (as mlir-opt does for pass flags).
   */
  addPassImplicitlyNested(pass: PassDefinition, options: Readonly<Record<string, OptionValue>> = {}): this {
    if (canSchedule(pass, this.anchor)) return this.addPass(pass, options);
    this.nest(pass.spec.opName!).addPass(pass, options);
    return this;
  }

  /** Append a nested manager on `anchor` and return it. */
  nest(anchor: string): OpPassManager {
    const manager = new OpPassManager(anchor);
    this.entries.push({ kind: 'nest', manager });
    return manager;
  }

  /** `anchor(pass{opt=v ...},nested(...))` with every option and its value, as mlir-opt prints it. */
  toString(): string {
    return `${this.anchor}(${this.entries.map(entryText).join(',')})`;
  }
}

/** Whether `pass` may be added to a manager anchored on `anchor`. */
export function canSchedule(pass: PassDefinition, anchor: string): boolean {
  const opName = pass.spec.opName;
  return opName === undefined || anchor === ANY_OP || opName === anchor;
}

export function entryText(entry: PipelineEntry): string {
  if (entry.kind === 'nest') return entry.manager.toString();
  return entry.pass.name + printOptions(entry.pass.spec.options ?? {}, entry.options);
}

/** The display name of a pass in reports (`CSE`), as MLIR's Pass::getName. */
export function displayName(pass: PassDefinition): string {
  return pass.spec.displayName ?? pass.name;
}
