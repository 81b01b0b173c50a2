import type { AttrSpec } from '../ir/constraints.js';
import type { OpDefinition, ValueGroup } from '../ir/op-definition.js';
import type { Operation } from '../ir/operation.js';
import { parseFormat, type FormatElement } from './format-ast.js';
import type { Parser } from './parser.js';
import type { ParseState } from './parser-state.js';
import type { OpAsmPrinter } from './printer.js';

/** A custom directive's hooks: print the arguments, or parse them into named results. */
export interface CustomDirective {
  print(p: OpAsmPrinter, op: Operation, args: readonly unknown[]): void;
  /** Returns one entry per argument: UnresolvedOperand(s) for operands, Type(s) for types, an Attribute, a Region. */
  parse(parser: Parser, state: ParseState): unknown[];
}

/** What a name in a format refers to. */
export interface Resolved {
  kind: 'operand' | 'result' | 'attr' | 'region' | 'successor';
  index: number;
  group?: ValueGroup;
  attr?: AttrSpec;
}

/** What a declarative format knows of its op, shared by its printer and its parser. */
export class FormatBase {
  readonly elements: FormatElement[];
  protected readonly usedAttrs = new Set<string>();
  protected readonly regionNames: string[];
  protected readonly successorNames: string[];

  constructor(readonly def: OpDefinition) {
    this.elements = parseFormat(def.spec.assemblyFormat!);
    this.regionNames = Object.keys(def.spec.regions ?? {});
    this.successorNames = Object.keys(def.spec.successors ?? {});
    this.collectUsedAttrs(this.elements);
  }

  /** `resolve` results by name (looked up for every element of every op parsed). */
  private readonly resolvedNames = new Map<string, Resolved>();

  protected resolve(name: string): Resolved {
    let r = this.resolvedNames.get(name);
    if (!r) this.resolvedNames.set(name, (r = this.resolveUncached(name)));
    return r;
  }

  private resolveUncached(name: string): Resolved {
    const def = this.def;
    let i = def.operandGroups.findIndex((g) => g.name === name);
    if (i >= 0) return { kind: 'operand', index: i, group: def.operandGroups[i] };
    i = def.resultGroups.findIndex((g) => g.name === name);
    if (i >= 0) return { kind: 'result', index: i, group: def.resultGroups[i] };
    const attr = def.spec.attributes?.[name];
    if (attr) return { kind: 'attr', index: 0, attr };
    i = this.regionNames.indexOf(name);
    if (i >= 0) return { kind: 'region', index: i };
    i = this.successorNames.indexOf(name);
    if (i >= 0) return { kind: 'successor', index: i };
    throw new Error(`'${def.name}' format refers to unknown '$${name}'`);
  }

  private collectUsedAttrs(elements: readonly FormatElement[]): void {
    for (const e of elements) {
      if (e.kind === 'var' && this.def.spec.attributes?.[e.name]) this.usedAttrs.add(e.name);
      if (e.kind === 'optional') this.collectUsedAttrs([...e.then, ...e.else]);
      if (e.kind === 'custom') this.collectUsedAttrs(e.args);
    }
  }

  protected customDirective(name: string): CustomDirective {
    const d = this.def.spec.customDirectives?.[name] as CustomDirective | undefined;
    if (!d) throw new Error(`'${this.def.name}': unknown custom directive '${name}'`);
    return d;
  }
}
