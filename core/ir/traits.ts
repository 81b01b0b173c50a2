import { StringAttr } from './attributes.js';
import type { TypeRelation } from './op-definition.js';
import type { Operation } from './operation.js';
import type { Value } from './value.js';
import { RankedTensorType, UnrankedTensorType, VectorType, type Type } from './types.js';

/**
 * An op trait: a name queried with `op.hasTrait(name)`, and an optional structural check run
 * by the verifier before the op's own verifier. A check returns an error message or nothing.
 */
export interface Trait {
  readonly name: string;
  verify?(op: Operation): string | void;
  /** `verify` checks the op's regions, after their ops are verified (MLIR's verifyRegionTrait). */
  readonly regionTrait?: boolean;
  /** A type equality the trait states, which a declarative assembly format uses to infer omitted types. */
  readonly typeRelation?: TypeRelation;
}

export type MemoryEffect = 'read' | 'write' | 'allocate' | 'free';

const simple = (name: string, verify?: (op: Operation) => string | void): Trait => ({ name, verify });

export const Terminator = simple('Terminator', (op) => {
  if (op.parent && op.parent.last !== op) return 'must be the last operation in the parent block';
});
export const IsolatedFromAbove = simple('IsolatedFromAbove');
export const SymbolTable = simple('SymbolTable', (op) => {
  if (op.regions.length !== 1 || op.region(0).blocks.length > 1) return "Operations with a 'SymbolTable' must have exactly one block";
});
/** MLIR's SymbolOpInterface check of `sym_visibility`. */
export const Symbol = simple('Symbol', (op) => {
  const vis = op.getAttr('sym_visibility');
  if (vis === undefined) return;
  if (!(vis instanceof StringAttr)) return `requires visibility attribute 'sym_visibility' to be a string attribute, but got ${vis}`;
  if (!['public', 'private', 'nested'].includes(vis.value)) return `visibility expected to be one of ["public", "private", "nested"], but got ${vis}`;
});
export const NoTerminator = simple('NoTerminator');
/** MLIR's ElementwiseMappable check (verifyElementwise): vectors and tensors among operands and results go together, of one kind and shape. */
export const Elementwise = simple('Elementwise', (op) => {
  const mappable = (t: Type) => t instanceof VectorType || t instanceof RankedTensorType || t instanceof UnrankedTensorType;
  const results = op.resultTypes.filter(mappable);
  const operands = op.operands.map((v) => v.type).filter(mappable);
  if (results.length === 0 && operands.length === 0) return;
  if (operands.length === 0) return 'if a result is non-scalar, then at least one operand must be non-scalar';
  if (results.length === 0) return 'if an operand is non-scalar, then there must be at least one non-scalar result';
  if (results.length !== op.resultTypes.length) return 'if an operand is non-scalar, then all results must be non-scalar';
  const types = [...operands, ...results];
  const shape = (t: Type) => (t instanceof UnrankedTensorType ? undefined : (t as VectorType | RankedTensorType).shape);
  const compatible = types.every((t) => {
    const [a, b] = [shape(types[0]!), shape(t)];
    return !a || !b || (a.length === b.length && a.every((d, i) => d < 0 || b[i]! < 0 || d === b[i]));
  });
  if (!types.every((t) => t.constructor === types[0]!.constructor) || !compatible) return 'all non-scalar operands/results must have the same shape and base type';
});
/** MLIR's NoRegionArguments: no region's entry block takes arguments. */
export const NoRegionArguments = simple('NoRegionArguments', (op) => {
  const regions = op.regions;
  for (let i = 0; i < regions.length; i++) if ((regions[i]!.entry?.numArguments ?? 0) > 0) return `region #${i} should have no arguments`;
});
export const Commutative = simple('Commutative');
export const ConstantLike = simple('ConstantLike');
export const ReturnLike = simple('ReturnLike');
export const AutomaticAllocationScope = simple('AutomaticAllocationScope');
/** Has no memory effects (NoMemoryEffect + speculatable). */
export const Pure = simple('Pure');
/** Memory effects are those of the nested ops. */
export const RecursiveMemoryEffects = simple('RecursiveMemoryEffects');
/** The result is a view of operand #0: it aliases that memory (MLIR's ViewLikeOpInterface, getViewSource). */
export const ViewLike = simple('ViewLike');

/** The memref an op's result views (ViewLike: its operand #0), or undefined. */
export function viewSourceOf(op: Operation): Value | undefined {
  return op.definition?.traitNames.has('ViewLike') ? op.operands[0] : undefined;
}
export const SingleBlock = simple('SingleBlock', (op) => {
  for (const r of op.regions) if (r.blocks.length > 1) return 'expects region #' + op.regions.indexOf(r) + ' to have 0 or 1 blocks';
});

export function MemoryEffects(...effects: MemoryEffect[]): Trait {
  return { name: `MemoryEffects<${effects.join(',')}>`, ...{ effects } } as Trait & { effects: MemoryEffect[] };
}

const NO_EFFECTS: readonly MemoryEffect[] = [];

export function memoryEffectsOf(op: Operation): readonly MemoryEffect[] | undefined {
  const def = op.definition;
  if (!def) return undefined;
  let effects = def.memoryEffects;
  if (effects === undefined) {
    // Computed once per definition: traits never change once defined.
    const declared = def.traits.find((t) => 'effects' in t) as (Trait & { effects: MemoryEffect[] }) | undefined;
    effects = def.traitNames.has('Pure') ? NO_EFFECTS : (declared?.effects ?? null);
    def.memoryEffects = effects;
  }
  return effects ?? undefined;
}

export function SingleBlockImplicitTerminator(terminator: string): Trait {
  return {
    name: 'SingleBlockImplicitTerminator',
    ...{ terminator },
    regionTrait: true,
    verify(op) {
      for (const r of op.regions) {
        if (r.blocks.length > 1) return `expects region #${op.regions.indexOf(r)} to have 0 or 1 blocks`;
        const last = r.entry?.last;
        if (r.entry && (!last || last.name !== terminator)) {
          return `expects regions to end with '${terminator}', found '${last?.name ?? 'nothing'}'`;
        }
      }
    },
  } as Trait;
}

export function implicitTerminatorOf(op: Operation): string | undefined {
  for (const t of op.definition?.traits ?? []) if ('terminator' in t) return (t as Trait & { terminator: string }).terminator;
  return undefined;
}

export function HasParent(...parents: string[]): Trait {
  return {
    name: 'HasParent',
    verify(op) {
      const p = op.parentOp;
      if (!p || !parents.includes(p.name)) {
        return parents.length === 1 ? `expects parent op '${parents[0]}'` : `expects parent op to be one of '${parents.join(', ')}'`;
      }
    },
  };
}

// (Indexed loops: these run for most ops at every verification, also before V8 optimizes them.)
export const SameOperandsAndResultType = simple('SameOperandsAndResultType', (op) => {
  const slots = op.operandSlots;
  const results = op.results;
  const first = slots.length > 0 ? slots[0]!.value.type : results[0]?.type;
  for (let i = 0; i < slots.length; i++) if (slots[i]!.value.type !== first) return 'requires the same type for all operands and results';
  for (let i = 0; i < results.length; i++) if (results[i]!.type !== first) return 'requires the same type for all operands and results';
});
export const SameTypeOperands = simple('SameTypeOperands', (op) => {
  const slots = op.operandSlots;
  const first = slots[0]?.value.type;
  for (let i = 1; i < slots.length; i++) if (slots[i]!.value.type !== first) return 'requires all operands to have the same type';
});

/** Regions of this op have no SSA dominance requirement (MLIR's RegionKind::Graph). */
export const GraphRegion = simple('GraphRegion');

/**
 * An ODS PredOpTrait (AllTypesMatch, TypesMatchWith, ...): checked in the order of the op's
 * traits, before its verifier; the message reads `failed to verify that <summary>`.
 */
export function predTrait(summary: string, holds: (op: Operation) => boolean, typeRelation?: TypeRelation): Trait {
  return { name: `Pred<${summary}>`, verify: (op) => (holds(op) ? undefined : `failed to verify that ${summary}`), typeRelation };
}

/** Value types of named operands/results, by declaration order of the op's groups; else the type of a typed attribute. */
function namedType(op: Operation, name: string): Type | undefined {
  const def = op.definition!;
  const oi = def.operandGroups.findIndex((g) => g.name === name);
  if (oi >= 0) return op.operandSlots[oi]?.value.type;
  const ri = def.resultGroups.findIndex((g) => g.name === name);
  if (ri >= 0) return op.results[ri]?.type;
  return op.getProperty(name)?.type;
}

/** MLIR's AllTypesMatch: the named operands, results (or typed attributes) have one type. */
export function AllTypesMatch(...names: string[]): Trait {
  return predTrait(
    `all of {${names.join(', ')}} have same type`,
    (op) => {
      const first = namedType(op, names[0]!);
      for (let i = 1; i < names.length; i++) if (namedType(op, names[i]!) !== first) return false;
      return true;
    },
    { allMatch: names },
  );
}

/** MLIR's TypesMatchWith: `to`'s type is `transform` of `from`'s. */
export function TypesMatchWith(summary: string, from: string, to: string, transform: (t: Type) => Type): Trait {
  return predTrait(
    summary,
    (op) => {
      const f = namedType(op, from);
      const t = namedType(op, to);
      return f === undefined || t === undefined || transform(f) === t;
    },
    { from, to, transform },
  );
}
