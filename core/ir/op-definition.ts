import { AttrMap } from './attr-map.js';
import { DenseArrayAttr, type Attribute } from './attributes.js';
import type { Block } from './block.js';
import type { Diagnostic } from './diagnostics.js';
import { valueSpecKind, type AttrSpec, type OptionalSpec, type ValueSpec, type VariadicSpec } from './constraints.js';
import type { Location } from './location.js';
import type { Operation, OperationState } from './operation.js';
import type { Region } from './region.js';
import type { MemoryEffect, Trait } from './traits.js';
import type { RewritePattern } from '../rewrite/pattern.js';
import type { Parser } from '../syntax/parser.js';
import type { ParseState } from '../syntax/parser-state.js';
import type { OpAsmPrinter } from '../syntax/printer.js';
import { IntegerType, type Type } from './types.js';
import type { OpResult, Value } from './value.js';

export interface RegionSpec {
  readonly variadic?: boolean;
}
export interface SuccessorSpec {
  readonly variadic?: boolean;
}

/** A folder result: attributes for constant results, or existing values. */
export type FoldResult = Attribute | Value;

/**
 * Hooks an op may supply for printing/parsing by hand. Their parameter types live in
 * core/syntax; they are typed loosely here to keep core/ir free of the syntax layer.
 */
export interface OpSpec {
  readonly name: string;
  readonly summary?: string;
  readonly operands?: Readonly<Record<string, ValueSpec>>;
  readonly results?: Readonly<Record<string, ValueSpec>>;
  readonly attributes?: Readonly<Record<string, AttrSpec<any>>>;
  readonly regions?: Readonly<Record<string, RegionSpec>>;
  readonly successors?: Readonly<Record<string, SuccessorSpec>>;
  readonly traits?: readonly Trait[];
  /** MLIR's declarative assembly format; omitted ops print in generic form unless `print`/`parse` are given. */
  readonly assemblyFormat?: string;
  /**
   * Extra verification after the declaration's checks; returns an error message (reported as
   * `'op.name' op message`) or nothing. A Diagnostic is reported as is (MLIR's emitError, notes).
   */
  readonly verify?: (op: Operation) => string | Diagnostic | void;
  /** Extra verification that needs the verified regions (MLIR's verifyRegions). */
  readonly verifyRegions?: (op: Operation) => string | Diagnostic | void;
  /**
   * Checks of the symbols the op refers to (MLIR's SymbolUserOpInterface::verifySymbolUses): run
   * by the nearest enclosing symbol table once everything in it has verified, in walk order.
   */
  readonly verifySymbolUses?: (op: Operation) => string | Diagnostic | void;
  /** Constant attributes of the operands (undefined when not constant) -> folded results. */
  readonly fold?: (op: Operation, operands: readonly (Attribute | undefined)[]) => FoldResult[] | FoldResult | undefined;
  /** Canonicalization patterns rooted at this op (collected by the canonicalize pass). */
  readonly canonicalize?: readonly RewritePattern[];
  /** Result types from operands and attributes, for formats that omit them. */
  readonly inferResultTypes?: (operands: readonly Value[], attributes: ReadonlyMap<string, Attribute>, regions: readonly Region[]) => Type[] | string;
  /** Inherent attributes the custom form leaves unprinted for `op` (they get no alias, e.g. `#map`). */
  readonly unprintedAttributes?: (op: Operation) => readonly string[];
  /** Suggested SSA names for results (MLIR's getAsmResultNames). */
  readonly resultNames?: (op: Operation) => (string | undefined)[];
  /** Suggested names for entry block arguments of region `index`. */
  readonly blockArgNames?: (op: Operation, index: number) => (string | undefined)[];
  /** Ops nested in this op's regions may omit this dialect prefix (MLIR's getDefaultDialect). */
  readonly defaultDialect?: string;
  /** A hand-written custom form (where an assembly format cannot express it): print after the op name. */
  readonly print?: (printer: OpAsmPrinter, op: Operation) => void;
  /** Parse what `print` writes, filling in `state` (the op name is already read). */
  readonly parse?: (parser: Parser, state: ParseState) => void;
  /** Custom directives (`custom<Name>(...)`) used by the assembly format. */
  readonly customDirectives?: Readonly<Record<string, unknown>>;
  /**
   * MLIR's BranchOpInterface::getSuccessorOperands: the operands forwarded to successor #index, as
   * [first operand, count, operand segment holding them (when the op has segment sizes)].
   */
  readonly successorOperands?: (op: Operation, index: number) => readonly [start: number, count: number, segment?: number];
  /** Type equalities the assembly format may use to infer omitted types (AllTypesMatch, TypesMatchWith). */
  readonly typeRelations?: readonly TypeRelation[];
}

/** `allMatch`: the named operands/results share one type; `from`->`to`: `to`'s type is `transform(type of from)`. */
export type TypeRelation = { readonly allMatch: readonly string[] } | { readonly from: string; readonly to: string; readonly transform: (t: Type) => Type };

export interface ValueGroup {
  readonly name: string;
  readonly kind: 'single' | 'variadic' | 'optional';
  readonly spec: ValueSpec;
}

function groups(specs: Readonly<Record<string, ValueSpec>> | undefined): ValueGroup[] {
  return Object.entries(specs ?? {}).map(([name, spec]) => ({ name, kind: valueSpecKind(spec), spec }));
}

/** FNV-1a of a string's UTF-16 code units, as a 32-bit integer. */
export function stringHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

/** The registered form of an op: its declaration plus derived tables. */
export class OpDefinition {
  readonly operandGroups: ValueGroup[];
  readonly resultGroups: ValueGroup[];
  readonly traitNames: Set<string>;
  readonly traits: readonly Trait[];
  /** Set by the syntax layer: the compiled assembly format. */
  compiledFormat: unknown;
  /** @internal set by the verifier: what it derives from this definition, computed once. */
  verifierPlan: unknown;
  /** @internal set by the rewrite layer (trivially-dead.ts): how ops of this kind may be dead, computed once. */
  deadKind: number | undefined = undefined;
  /** Structural traits the verifier and walks test on every op, looked up once. */
  readonly isTerminator: boolean;
  readonly noTerminator: boolean;
  readonly isolatedFromAbove: boolean;
  readonly graphRegion: boolean;
  readonly symbolTable: boolean;
  readonly constantLike: boolean;
  readonly commutative: boolean;
  readonly recursiveMemoryEffects: boolean;
  /** @internal set by traits.ts (memoryEffectsOf): the declared memory effects, null when none are declared. */
  memoryEffects: readonly MemoryEffect[] | null | undefined = undefined;
  /** The op's folder (`spec.fold`), read once. */
  readonly folder: OpSpec['fold'];
  /** How many regions the op declares (a variadic one counted once). */
  readonly regionCount: number;

  /** The op's full name (a field: specs have a shape per op, so reading `spec.name` is slow). */
  readonly name: string;
  /** `stringHash(name)`, for hash tables keyed by op kind (CSE). */
  readonly nameHash: number;

  constructor(readonly spec: OpSpec) {
    this.name = spec.name;
    this.nameHash = stringHash(spec.name);
    this.operandGroups = groups(spec.operands);
    this.resultGroups = groups(spec.results);
    this.traits = spec.traits ?? [];
    this.traitNames = new Set(this.traits.map((t) => t.name));
    if (this.hasOperandSegments) this.traitNames.add('AttrSizedOperandSegments');
    if (this.hasResultSegments) this.traitNames.add('AttrSizedResultSegments');
    this.isTerminator = this.traitNames.has('Terminator');
    this.noTerminator = this.traitNames.has('NoTerminator');
    this.isolatedFromAbove = this.traitNames.has('IsolatedFromAbove');
    this.graphRegion = this.traitNames.has('GraphRegion');
    this.symbolTable = this.traitNames.has('SymbolTable');
    this.constantLike = this.traitNames.has('ConstantLike');
    this.commutative = this.traitNames.has('Commutative');
    this.recursiveMemoryEffects = this.traitNames.has('RecursiveMemoryEffects');
    this.folder = spec.fold;
    this.regionCount = Object.keys(spec.regions ?? {}).length;
  }
  /** The dialect prefix of the name (computed once: greedy folding asks for it per fold). */
  get dialect(): string {
    return (this.dialectName ??= this.name.slice(0, this.name.indexOf('.')));
  }
  private dialectName: string | undefined;
  /** More than one variadic/optional group needs explicit segment sizes. */
  get hasOperandSegments(): boolean {
    return (this.operandSegments ??= this.operandGroups.filter((g) => g.kind !== 'single').length > 1);
  }
  get hasResultSegments(): boolean {
    return (this.resultSegments ??= this.resultGroups.filter((g) => g.kind !== 'single').length > 1);
  }
  // Caches for the two getters above (the groups never change).
  private operandSegments: boolean | undefined;
  private resultSegments: boolean | undefined;
  /**
   * Attributes stored on a new op when absent (MLIR's DefaultValuedAttr with a materialized
   * default), as `[name, value, ...]`.
   */
  get materializedDefaults(): readonly (string | Attribute)[] {
    return (this.materialized ??= Object.freeze(
      Object.entries(this.spec.attributes ?? {}).flatMap(([name, spec]) => (spec.materializeDefault && spec.defaultValue ? [name, spec.defaultValue] : [])),
    ));
  }
  private materialized: readonly (string | Attribute)[] | undefined;
  isInherentAttr(name: string): boolean {
    return (
      (this.spec.attributes !== undefined && name in this.spec.attributes) ||
      (name === 'operandSegmentSizes' && this.hasOperandSegments) ||
      (name === 'resultSegmentSizes' && this.hasResultSegments)
    );
  }
  get inherentAttrNames(): string[] {
    const names = Object.keys(this.spec.attributes ?? {});
    if (this.hasOperandSegments) names.push('operandSegmentSizes');
    if (this.hasResultSegments) names.push('resultSegmentSizes');
    return names;
  }
}

/** Sizes of each group, from segment attributes or from the total count. */
export function groupSizes(groupsOf: readonly ValueGroup[], total: number, segments: Attribute | undefined): number[] | string {
  if (segments !== undefined) {
    if (!(segments instanceof DenseArrayAttr) || segments.values.length !== groupsOf.length) return 'segment sizes attribute has the wrong number of elements';
    return segments.numbers;
  }
  const fixed = groupsOf.filter((g) => g.kind === 'single').length;
  const flexible = groupsOf.filter((g) => g.kind !== 'single');
  if (flexible.length === 0) return groupsOf.map(() => 1);
  if (flexible.length > 1) return 'missing segment sizes attribute';
  const rest = total - fixed;
  return groupsOf.map((g) => (g.kind === 'single' ? 1 : rest));
}

export function segmentSizesAttr(sizes: readonly number[]): DenseArrayAttr {
  return DenseArrayAttr.get(
    IntegerType.get(32),
    sizes.map((n) => BigInt(n)),
  );
}

function groupRange(def: OpDefinition, op: Operation, kind: 'operand' | 'result', index: number): [number, number] {
  const gs = kind === 'operand' ? def.operandGroups : def.resultGroups;
  const total = kind === 'operand' ? op.numOperands : op.results.length;
  const seg = op.getProperty(kind === 'operand' ? 'operandSegmentSizes' : 'resultSegmentSizes');
  const sizes = groupSizes(gs, total, seg);
  if (typeof sizes === 'string') throw new Error(`'${op.name}': ${sizes}`);
  let start = 0;
  for (let i = 0; i < index; i++) start += sizes[i]!;
  return [start, sizes[index]!];
}

// ---- typed accessors --------------------------------------------------------------------------

type Values<S, V> = { -readonly [K in keyof S]: S[K] extends VariadicSpec ? V[] : S[K] extends OptionalSpec ? V | undefined : V };
type Attrs<S> = {
  -readonly [K in keyof S]: S[K] extends AttrSpec<infer T> ? (S[K] extends { defaultValue: Attribute } ? T : S[K]['optional'] extends true ? T | undefined : T) : never;
};
type Regions<S> = { -readonly [K in keyof S]: S[K] extends { variadic: true } ? Region[] : Region };
type Successors<S> = { -readonly [K in keyof S]: S[K] extends { variadic: true } ? Block[] : Block };
// biome-ignore lint/complexity/noBannedTypes: `{}` is the identity of `&` (a spec without this field adds nothing to the view).
type Field<S, K extends keyof OpSpec> = S extends { readonly [P in K]: infer F } ? F : {};

/** The typed view of an op: `view.lhs`, `view.result`, `view.value`, `view.body`. */
export type OpView<S extends OpSpec> = { readonly op: Operation } & Values<Field<S, 'operands'>, Value> &
  Values<Field<S, 'results'>, OpResult> &
  Attrs<Field<S, 'attributes'>> &
  Regions<Field<S, 'regions'>> &
  Successors<Field<S, 'successors'>>;

export interface BuildArgs {
  operands?: Readonly<Record<string, Value | readonly Value[] | undefined>>;
  resultTypes?: readonly Type[] | Readonly<Record<string, Type | readonly Type[] | undefined>>;
  attributes?: Readonly<Record<string, Attribute | undefined>>;
  discardable?: Readonly<Record<string, Attribute>>;
  successors?: readonly Block[];
  /** Regions to move in; missing ones are created empty. */
  regions?: readonly Region[];
  loc?: Location;
}

/** The handle a dialect exports for an op: its definition, view, `isa` and state builder. */
export interface OpClass<S extends OpSpec> {
  readonly definition: OpDefinition;
  readonly name: S['name'];
  isa(op: Operation | undefined): boolean;
  /** The typed view; throws if `op` is not this op. */
  view(op: Operation): OpView<S>;
  /** An OperationState for `Builder.create` built from named operands, attributes and types. */
  state(args: BuildArgs): OperationState;
}

export function defineOp<const S extends OpSpec>(spec: S): OpClass<S> {
  const definition = new OpDefinition(spec);
  const proto: Record<string, unknown> = {};
  const define = (name: string, get: (op: Operation) => unknown) => {
    // A member named `op` (gpu.all_reduce's attribute) gets no accessor: the view's `op` is its operation.
    if (name === 'op') return;
    if (name in proto) throw new Error(`'${spec.name}': accessor '${name}' declared twice`);
    Object.defineProperty(proto, name, {
      get(this: { op: Operation }) {
        return get(this.op);
      },
      enumerable: true,
    });
  };
  definition.operandGroups.forEach((g, i) =>
    define(g.name, (op) => {
      const [start, size] = groupRange(definition, op, 'operand', i);
      const values = op.operands.slice(start, start + size);
      return g.kind === 'variadic' ? values : values[0];
    }),
  );
  definition.resultGroups.forEach((g, i) =>
    define(g.name, (op) => {
      const [start, size] = groupRange(definition, op, 'result', i);
      const values = op.results.slice(start, start + size);
      return g.kind === 'variadic' ? values : values[0];
    }),
  );
  for (const [name, attr] of Object.entries(spec.attributes ?? {})) define(name, (op) => op.properties.get(name) ?? attr.defaultValue);
  Object.entries(spec.regions ?? {}).forEach(([name, r], i) => define(name, (op) => (r.variadic ? op.regions.slice(i) : op.regions[i])));
  Object.entries(spec.successors ?? {}).forEach(([name, s], i) => define(name, (op) => (s.variadic ? op.successors.slice(i) : op.successors[i])));

  return {
    definition,
    name: spec.name,
    isa: (op) => op?.definition === definition,
    view(op) {
      if (op.definition !== definition) throw new Error(`expected '${spec.name}', got '${op.name}'`);
      const v = Object.create(proto) as { op: Operation };
      v.op = op;
      return v as OpView<S>;
    },
    state: (args) => buildState(definition, args),
  };
}

function flattenGroups(gs: readonly ValueGroup[], given: Readonly<Record<string, unknown>> | readonly unknown[] | undefined, what: string, opName: string): { flat: any[]; sizes: number[] } {
  if (Array.isArray(given)) return { flat: given.slice(), sizes: [] };
  const flat: unknown[] = [];
  const sizes: number[] = [];
  const record = (given ?? {}) as Record<string, unknown>;
  for (let i = 0; i < gs.length; i++) {
    const g = gs[i]!;
    const v = record[g.name];
    if (v === undefined) {
      if (g.kind === 'single') throw new Error(`'${opName}': missing ${what} '${g.name}'`);
      sizes.push(0);
    } else if (Array.isArray(v)) {
      for (let k = 0; k < v.length; k++) flat.push(v[k]);
      sizes.push(v.length);
    } else {
      flat.push(v);
      sizes.push(1);
    }
  }
  return { flat, sizes };
}

/**
 * The state `defineOp(...).state(args)` returns. With `own`, the properties come as an AttrMap the
 * op adopts (the caller creates the op at once and keeps no reference to the state).
 */
export function buildState(def: OpDefinition, args: BuildArgs, own = false): OperationState {
  const operands = flattenGroups(def.operandGroups, args.operands, 'operand', def.name);
  const inferResults = args.resultTypes === undefined && def.spec.inferResultTypes !== undefined;
  const results = inferResults ? { flat: [], sizes: [] } : flattenGroups(def.resultGroups, args.resultTypes as never, 'result type', def.name);
  const properties = own ? new AttrMap() : new Map<string, Attribute>();
  const given = args.attributes;
  if (given) {
    const keys = Object.keys(given);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      const v = given[k];
      if (v !== undefined) properties.set(k, v);
    }
  }
  if (def.hasOperandSegments) properties.set('operandSegmentSizes', segmentSizesAttr(operands.sizes));
  if (def.hasResultSegments && results.sizes.length) properties.set('resultSegmentSizes', segmentSizesAttr(results.sizes));
  let resultTypes = results.flat as Type[];
  if (inferResults) {
    const inferred = def.spec.inferResultTypes!(operands.flat, properties, args.regions ?? []);
    if (typeof inferred === 'string') throw new Error(`'${def.name}': ${inferred}`);
    resultTypes = inferred;
  }
  return {
    name: def.name,
    definition: def,
    operands: operands.flat,
    resultTypes,
    properties,
    attributes: args.discardable,
    successors: args.successors,
    regions: args.regions && args.regions.length ? args.regions : def.regionCount,
    loc: args.loc,
    adoptMaps: own,
  };
}
