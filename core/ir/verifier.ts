import { Diagnostic, opDiagnostic } from './diagnostics.js';
import { DominanceInfo } from './dominance.js';
import { groupSizes, type OpDefinition, type OpSpec, type ValueGroup } from './op-definition.js';
import type { Trait } from './traits.js';
import type { Operation } from './operation.js';
import { valueSpecConstraint, type AttrSpec, type TypeConstraint } from './constraints.js';
import { SymbolTable, symbolName, withSharedSymbolTables } from './symbol-table.js';
import { UnknownLoc } from './location.js';
import type { Block } from './block.js';
import type { Region } from './region.js';
import type { Value } from './value.js';
import type { Attribute } from './attributes.js';
import type { Context } from './dialect.js';
import { BlockArgument, OpResult } from './value.js';

/** Raised inside the verifier to stop at the first failure, as mlir-opt does. */
class VerifyFailure {
  constructor(readonly diagnostic: Diagnostic) {}
}

function fail(op: Operation, message: string | Diagnostic): never {
  if (message instanceof Diagnostic) {
    // An op's own verifier reporting without the op-name prefix (MLIR's op->emitError()).
    message.op ??= op;
    throw new VerifyFailure(message);
  }
  throw new VerifyFailure(opDiagnostic(op, message));
}

/** The operand or result groups of a definition, as the verifier checks them. */
interface GroupPlan {
  /** How many single (non-variadic, non-optional) groups there are. */
  readonly min: number;
  /** Every group is single. */
  readonly exact: boolean;
  readonly constraints: readonly TypeConstraint[];
}

function groupPlan(gs: readonly ValueGroup[]): GroupPlan {
  return { min: gs.filter((g) => g.kind === 'single').length, exact: gs.every((g) => g.kind === 'single'), constraints: gs.map((g) => valueSpecConstraint(g.spec)) };
}

/** What verifyDeclaration needs from a definition, computed once per definition. */
interface DeclarationPlan {
  /**
   * Where every operand (result) group is a single value and there are no segment sizes, the
   * groups' type tests in order: verifyDeclaration checks those inline.
   */
  readonly operandTests: readonly TypeConstraint['test'][] | undefined;
  readonly resultTests: readonly TypeConstraint['test'][] | undefined;
  readonly groups: { readonly operand: GroupPlan; readonly result: GroupPlan };
  /** Declared attributes: names and specs at the same index. */
  readonly attributeNames: readonly string[];
  readonly attributeSpecs: readonly AttrSpec[];
  /** The specs' `optional` and `constraint.test`, read once (specs and constraints come in many shapes). */
  readonly attributeOptional: readonly boolean[];
  readonly attributeTests: readonly AttrSpec['constraint']['test'][];
  /** The verifiers of the op's traits, in order (traits without one left out). */
  readonly traitVerifiers: readonly NonNullable<Trait['verify']>[];
  /** The checks of region traits, run after the regions' ops. */
  readonly regionTraitVerifiers: readonly NonNullable<Trait['verify']>[];
  readonly verify: OpSpec['verify'];
  readonly verifyRegions: OpSpec['verifyRegions'];
  /** The op checks its symbol uses (a plan field: specs differ in shape, a read of theirs is slow). */
  readonly verifySymbolUses: boolean;
  readonly variadicRegions: boolean;
  readonly successorCount: number;
  readonly variadicSuccessors: boolean;
  /**
   * The attribute checks passed on an op whose properties were the definition's shared defaults:
   * they pass on every such op (the checks read nothing else), and are not repeated.
   */
  defaultPropertiesValid: boolean;
}
function planOf(def: OpDefinition): DeclarationPlan {
  let plan = def.verifierPlan as DeclarationPlan | undefined;
  if (plan) return plan;
  const simpleTests = (gs: readonly ValueGroup[], hasSegments: boolean) =>
    !hasSegments && gs.every((g) => g.kind === 'single') ? gs.map((g) => valueSpecConstraint(g.spec).test) : undefined;
  const attributeSpecs = Object.values(def.spec.attributes ?? {});
  const regionSpecs = Object.values(def.spec.regions ?? {});
  const successorSpecs = Object.values(def.spec.successors ?? {});
  plan = {
    operandTests: simpleTests(def.operandGroups, def.hasOperandSegments),
    resultTests: simpleTests(def.resultGroups, def.hasResultSegments),
    groups: { operand: groupPlan(def.operandGroups), result: groupPlan(def.resultGroups) },
    attributeNames: Object.keys(def.spec.attributes ?? {}),
    attributeSpecs,
    attributeOptional: attributeSpecs.map((a) => a.optional),
    attributeTests: attributeSpecs.map((a) => a.constraint.test),
    traitVerifiers: def.traits.flatMap((t) => (t.verify && !t.regionTrait ? [t.verify] : [])),
    regionTraitVerifiers: def.traits.flatMap((t) => (t.verify && t.regionTrait ? [t.verify] : [])),
    verify: def.spec.verify,
    verifyRegions: def.spec.verifyRegions,
    verifySymbolUses: def.spec.verifySymbolUses !== undefined,
    variadicRegions: regionSpecs.some((r) => r.variadic),
    successorCount: successorSpecs.length,
    variadicSuccessors: successorSpecs.some((r) => r.variadic),
    defaultPropertiesValid: false,
  };
  def.verifierPlan = plan;
  return plan;
}

function verifyValueGroups(op: Operation, def: OpDefinition, plan: DeclarationPlan, what: 'operand' | 'result'): void {
  const isOperand = what === 'operand';
  const n = isOperand ? op.operandSlots.length : op.results.length;
  const gs = isOperand ? def.operandGroups : def.resultGroups;
  const segName = isOperand ? 'operandSegmentSizes' : 'resultSegmentSizes';
  const hasSegments = isOperand ? def.hasOperandSegments : def.hasResultSegments;
  const seg = hasSegments ? op.getProperty(segName) : undefined;
  const { min, exact, constraints } = isOperand ? plan.groups.operand : plan.groups.result;
  // MLIR's AtLeastNOperands/AtLeastNResults traits come before the segment sizes are looked at.
  if (!exact && n < min) fail(op, `expected ${min} or more ${what}s, but found ${n}`);
  if (hasSegments && seg === undefined) fail(op, `requires attribute '${segName}'`);
  if (!hasSegments && exact && n !== min) {
    if (!isOperand) fail(op, min === 0 ? 'requires zero results' : min === 1 ? 'requires one result' : `requires ${min} results`);
    fail(op, `expected ${min} operands, but found ${n}`);
  }
  // Without segment sizes there is one variadic/optional group at most (else segments are
  // required): it takes what the single groups leave.
  const sizes = hasSegments ? groupSizes(gs, n, seg) : undefined;
  if (typeof sizes === 'string') fail(op, `'${segName}' ${sizes}`);
  if (sizes) {
    const total = sizes.reduce((a, b) => a + b, 0);
    if (total !== n) fail(op, `${what} count (${n}) does not match with the total size (${total}) specified in attribute '${segName}'`);
  }
  let index = 0;
  for (let i = 0; i < gs.length; i++) {
    const g = gs[i]!;
    const size = sizes ? sizes[i]! : g.kind === 'single' ? 1 : n - min;
    if (g.kind === 'optional' && size > 1) fail(op, `${what} group starting at #${index} requires 0 or 1 element, but found ${size}`);
    const constraint = constraints[i]!;
    for (let k = 0; k < size; k++, index++) {
      const t = isOperand ? op.operandSlots[index]!.value.type : op.results[index]!.type;
      if (!constraint.test(t)) fail(op, `${what} #${index} must be ${g.kind === 'variadic' ? 'variadic of ' : ''}${constraint.description}, but got '${t}'`);
    }
  }
}

function verifyAttributes(op: Operation, plan: DeclarationPlan, names: readonly string[]): void {
  const defaults = op.propertiesAreDefaults;
  if (defaults && plan.defaultPropertiesValid) return;
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const a = op.getProperty(name);
    if (a === undefined) {
      if (!plan.attributeOptional[i]) fail(op, `requires attribute '${name}'`);
      continue;
    }
    if (!plan.attributeTests[i]!(a)) {
      const constraint = plan.attributeSpecs[i]!.constraint;
      const d = opDiagnostic(op, `attribute '${name}' failed to satisfy constraint: ${constraint.description}`);
      if (constraint.checkedWhenParsed) d.op = undefined;
      throw new VerifyFailure(d);
    }
  }
  if (defaults) plan.defaultPropertiesValid = true;
}

function verifyDeclaration(op: Operation, def: OpDefinition, plan: DeclarationPlan): void {
  // The common case inline (one value per group, no segment sizes); verifyValueGroups checks the
  // others and words the failures.
  const operandTests = plan.operandTests;
  const slots = op.operandSlots;
  let valid = operandTests !== undefined && slots.length === operandTests.length;
  for (let i = 0; valid && i < slots.length; i++) valid = operandTests![i]!(slots[i]!.value.type);
  if (!valid) verifyValueGroups(op, def, plan, 'operand');
  const resultTests = plan.resultTests;
  const results = op.results;
  valid = resultTests !== undefined && results.length === resultTests.length;
  for (let i = 0; valid && i < results.length; i++) valid = resultTests![i]!(results[i]!.type);
  if (!valid) verifyValueGroups(op, def, plan, 'result');
  const names = plan.attributeNames;
  if (names.length > 0) verifyAttributes(op, plan, names);
  const regionCount = def.regionCount;
  // MLIR's ZeroRegions, OneRegion, NRegions<N> and AtLeastNRegions<N> messages.
  if (plan.variadicRegions) {
    if (op.regions.length < regionCount - 1) fail(op, `expected at least ${regionCount - 1} regions`);
  } else if (op.regions.length !== regionCount) {
    fail(op, regionCount === 0 ? 'requires zero regions' : regionCount === 1 ? 'requires one region' : `expected ${regionCount} regions`);
  }
  const successorCount = plan.successorCount;
  if (!plan.variadicSuccessors && op.successorSlots.length !== successorCount) {
    fail(op, `requires ${successorCount} successor${successorCount === 1 ? '' : 's'} but found ${op.successorSlots.length}`);
  }
}

function verifyBlocks(op: Operation): void {
  const noTerminator = op.definition?.noTerminator ?? true;
  const regions = op.regions;
  for (let r = 0; r < regions.length; r++) {
    const region = regions[r]!;
    const blocks = region.blocks;
    for (let bi = 0; bi < blocks.length; bi++) {
      const block = blocks[bi]!;
      if (bi === 0 && block.predecessorUses.size > 0) fail(op, 'entry block of region may not have predecessors');
      const args = block.arguments;
      for (let a = 0; a < args.length; a++) if (args[a]!.owner !== block) fail(op, 'block argument not owned by block');
      // (MLIR's emitError at the op's location: no op prefix, no op shown.)
      if (!block.last && (!noTerminator || blocks.length > 1)) throw new VerifyFailure(new Diagnostic('error', op.loc, 'empty block: expect at least a terminator'));
    }
  }
}

/** A block of `op`'s region that needs a terminator ends with one (checked after its ops, as MLIR does on leaving the block). */
function verifyTerminator(op: Operation, region: Region, block: Block): void {
  const last = block.last;
  if (!last || !last.definition || last.definition.isTerminator) return;
  if ((op.definition?.noTerminator ?? true) && region.blocks.length === 1) return;
  const d = new Diagnostic('error', last.loc, 'block with no terminator, has ');
  d.op = last;
  d.appendedOp = last;
  throw new VerifyFailure(d);
}

/** Successors stay in their region (checked once the op is verified, as MLIR checks a block's successors on leaving it). */
function verifySuccessorRegion(op: Operation, region: Region): void {
  const successors = op.successorSlots;
  for (let i = 0; i < successors.length; i++) {
    if (successors[i]!.block.parent !== region) fail(op, 'reference to block defined in another region');
  }
}

/**
 * One walk checks both the ops and the dominance of their operands (the IR is large and scattered
 * in memory: each walk costs). As in MLIR, every op check comes before any dominance check: the
 * first dominance failure (in pre-order) is kept and reported only when no op check fails.
 */
interface VerifyWalk {
  /** This walk's stamp: an op carries it once the walk is done with it (regions included). */
  readonly id: number;
  /**
   * The isolation scope the walk is in: a new one inside each isolated-from-above op. The blocks
   * the walk is inside of carry it while it is there.
   */
  scope: number;
  readonly dom: DominanceInfo;
  /** The first dominance failure, or what the dominance check threw on IR whose op checks have not all run yet. */
  dominanceError: { error: unknown } | undefined;
  /** The dialects loaded, when known: an unregistered op of one of them is an error. */
  readonly context: Context | undefined;
  /**
   * How many ops with symbol-use checks the walk has passed since entering the innermost symbol
   * table: the table walks its contents for them only when there are some.
   */
  symbolUsers: number;
}

/** Stamps and scopes of all walks come from one counter, so that marks left by an earlier walk never match. */
let verifyCounter = 0;

function verifyOp(op: Operation, walk: VerifyWalk): void {
  if (walk.dominanceError === undefined && op.operandSlots.length > 0) {
    try {
      verifyOperandDominance(op, walk);
    } catch (e) {
      walk.dominanceError = { error: e };
    }
  }
  if (op.regions.length > 0) verifyBlocks(op);
  const discardable = op.attributesIfAny;
  if (discardable !== undefined && walk.context !== undefined) verifyDialectAttributes(op, discardable, walk.context);
  const def = op.definition;
  const plan = def ? planOf(def) : undefined;
  if (def && plan) {
    // As MLIR's ODS orders them: the declaration's own checks (OpInvariants) come before the
    // op's listed traits, then the op's verifier.
    verifyDeclaration(op, def, plan);
    const traitVerifiers = plan.traitVerifiers;
    for (let i = 0; i < traitVerifiers.length; i++) {
      const msg = traitVerifiers[i]!(op);
      if (msg) fail(op, msg);
    }
    const msg = plan.verify?.(op);
    if (msg) fail(op, msg);
  } else if (!def) verifyUnregistered(op, walk.context);
  if (plan?.verifySymbolUses) walk.symbolUsers++;
  const symbolUsersOutside = walk.symbolUsers;
  if (def?.symbolTable) walk.symbolUsers = 0;
  const regions = op.regions;
  if (regions.length > 0) {
    const outerScope = walk.scope;
    if (def?.isolatedFromAbove) walk.scope = ++verifyCounter;
    for (let r = 0; r < regions.length; r++) {
      const region = regions[r]!;
      const blocks = region.blocks;
      for (let b = 0; b < blocks.length; b++) {
        const block = blocks[b]!;
        block.verifyScope = walk.scope;
        for (let child = block.first; child; child = child.next) {
          verifyOp(child, walk);
          if (child.successorSlots.length > 0) verifySuccessorRegion(child, region);
        }
        verifyTerminator(op, region, block);
        block.verifyScope = 0;
      }
    }
    walk.scope = outerScope;
  }
  // MLIR's region invariants: the region traits (SymbolTable's), then the op's verifyRegions.
  if (def?.symbolTable) {
    verifySymbolTable(op, walk.symbolUsers > 0);
    walk.symbolUsers = symbolUsersOutside;
  }
  for (const check of plan?.regionTraitVerifiers ?? []) {
    const msg = check(op);
    if (msg) fail(op, msg);
  }
  const msg = plan?.verifyRegions?.(op);
  if (msg) fail(op, msg);
  op.verifyStamp = walk.id;
}

/** MLIR's detail::verifySymbolTable: unique symbol names, then the uses of symbols nested in `op`. */
function verifySymbolTable(op: Operation, hasSymbolUsers: boolean): void {
  const [dup] = SymbolTable.duplicates(op);
  if (dup) {
    const d = new Diagnostic('error', dup[1].loc, `redefinition of symbol named '${String(symbolName(dup[1]))}'`);
    d.attachNote('see existing symbol definition here', dup[0].loc);
    throw new VerifyFailure(d);
  }
  if (!hasSymbolUsers) return;
  // Every op under `op` but those inside nested symbol tables (their uses are their own), in the
  // order of MLIR's walkSymbolTable: a region's ops, then the regions found there, last first.
  const worklist: Region[] = [...op.regions];
  while (worklist.length > 0) {
    for (const block of worklist.pop()!.blocks) {
      for (let child = block.first; child; child = child.next) {
        const check = child.definition?.spec.verifySymbolUses;
        if (check) {
          const msg = check(child);
          if (msg) fail(child, msg);
        }
        if (!child.definition?.symbolTable) worklist.push(...child.regions);
      }
    }
  }
}

/** MLIR's check of an unregistered op: only dialects that are not loaded may have them. */
/** The discardable attributes named `dialect.x`, by their dialect's hook (MLIR's verifyOperationAttribute). */
function verifyDialectAttributes(op: Operation, attrs: ReadonlyMap<string, Attribute>, context: Context): void {
  for (const [name, value] of attrs) {
    const dot = name.indexOf('.');
    if (dot <= 0) continue;
    const msg = context.dialect(name.slice(0, dot))?.spec.verifyOperationAttribute?.(op, name, value);
    if (msg) fail(op, msg);
  }
}

function verifyUnregistered(op: Operation, context: Context | undefined): void {
  const dot = op.name.indexOf('.');
  const dialect = dot < 0 ? '' : op.name.slice(0, dot);
  if (!context?.dialect(dialect)) return;
  fail(op, new Diagnostic('error', op.loc, `unregistered operation '${op.name}' found in dialect ('${dialect}') that does not allow unknown operations`));
}

/** Regions without SSA dominance: declared graph regions, and unregistered ops' regions. */
function isGraphRegionOwner(op: Operation): boolean {
  return op.definition?.graphRegion ?? true;
}

/** Check that the operands of `user` are dominated by their definitions and that isolated regions stay isolated. */
function verifyOperandDominance(user: Operation, walk: VerifyWalk): void {
  const slots = user.operandSlots;
  for (let i = 0; i < slots.length; i++) {
    const v = slots[i]!.value;
    // The common cases, from the walk's marks alone: the walk is inside the defining block, in the
    // same isolation scope, and (for a result) done with the defining op. Then the definition
    // comes before the user's ancestor in that block, or is one of its block's arguments.
    if (v instanceof OpResult) {
      const def = v.owner;
      if (def.verifyStamp === walk.id && def.parent?.verifyScope === walk.scope) continue;
    } else if (v instanceof BlockArgument && v.owner.verifyScope === walk.scope) {
      continue;
    }
    const dom = walk.dom;
    // As in MLIR, dominance means nothing in a block its region's entry does not reach: the
    // operands of such a block's ops (its own result included) are not checked.
    const userBlock = user.parent;
    if (userBlock?.parent && userBlock !== userBlock.parent.entry && !dom.of(userBlock.parent).isReachable(userBlock)) return;
    const defBlock = v.parentBlock;
    const defRegion = defBlock?.parent;
    // Climb from the user to its ancestor that sits directly in the defining region. Crossing an
    // isolated op is an error only when the definition is outside it (a value of a sibling
    // region within it is a dominance error).
    let at: Operation | undefined = user;
    while (at && at.parent?.parent !== defRegion) {
      const parent: Operation | undefined = at.parent?.parent?.parent;
      if (parent?.definition?.isolatedFromAbove && !parent.regions.some((r) => r.isAncestorOf(defRegion))) {
        const d = opDiagnostic(user, 'using value defined outside the region');
        d.attachNote('required by region isolation constraints', parent.loc);
        throw new VerifyFailure(d);
      }
      at = parent;
    }
    const owner = defRegion?.parent;
    let dominated: boolean;
    if (!at || !defBlock) dominated = false;
    else if (owner && isGraphRegionOwner(owner)) dominated = true;
    else if (v instanceof BlockArgument) dominated = dom.of(defRegion!).dominates(defBlock, at.parent!);
    else dominated = dom.opDominates(v.definingOp!, at);
    if (!dominated) throw new VerifyFailure(dominanceDiagnostic(user, i, v));
  }
}

/** Where a region stands relative to the user's, in the words of MLIR's notes. */
function relation(userRegion: Region | undefined, defRegion: Region | undefined, same: string, parent: string, child: string, neither: string): string {
  if (userRegion === defRegion) return same;
  if (defRegion?.isAncestorOf(userRegion)) return parent;
  if (userRegion?.isAncestorOf(defRegion)) return child;
  return neither;
}

/** MLIR's diagnoseInvalidOperandDominance: the error (not prefixed with the op) and its note. */
function dominanceDiagnostic(user: Operation, index: number, v: Value): Diagnostic {
  const d = new Diagnostic('error', user.loc, `operand #${index} does not dominate this use`);
  d.op = user;
  const userBlock = user.parent;
  const defOp = v.definingOp;
  if (defOp) {
    const where =
      userBlock === defOp.parent
        ? ' (op in the same block)'
        : relation(
            userBlock?.parent,
            defOp.parent?.parent,
            ' (op in the same region)',
            ' (op in a parent region)',
            ' (op in a child region)',
            ' (op is neither in a parent nor in a child region)',
          );
    d.attachNote(`operand defined here${where}`, defOp.loc);
    return d;
  }
  const argBlock = v.parentBlock;
  const argRegion = argBlock?.parent;
  if (!argBlock || !argRegion) {
    d.attachNote(' (block without parent)', UnknownLoc.get());
    return d;
  }
  const where = relation(userBlock?.parent, argRegion, ' in the same region)', ' in a parent region)', ' in a child region)', ' neither in a parent nor in a child region)');
  d.attachNote(`operand defined as a block argument (block #${argRegion.blocks.indexOf(argBlock)}${where}`, argRegion.parent?.loc ?? UnknownLoc.get());
  return d;
}

/**
 * Verify `op` and everything nested in it; returns the first failure's diagnostic. With the
 * `context` the IR belongs to, unregistered ops of its loaded dialects are reported too.
 */
export function verify(op: Operation, context?: Context): Diagnostic | undefined {
  try {
    const walk: VerifyWalk = { id: ++verifyCounter, scope: ++verifyCounter, dom: new DominanceInfo(), dominanceError: undefined, context, symbolUsers: 0 };
    withSharedSymbolTables(() => verifyOp(op, walk));
    if (walk.dominanceError) throw walk.dominanceError.error;
    return undefined;
  } catch (e) {
    if (e instanceof VerifyFailure) return e.diagnostic;
    throw e;
  }
}
