import type { Block } from '../ir/block.js';
import type { Operation } from '../ir/operation.js';
import type { Region } from '../ir/region.js';
import type { Value } from '../ir/value.js';
import { BlockArgument, OpResult } from '../ir/value.js';

/** UTF-8 encoding (the web's TextEncoder: no Node Buffer, so that browsers run this too). */
const UTF8 = new TextEncoder();

// As MLIR's SSANameState::printValueID, without the '%' of a name.
const UNKNOWN = '<<UNKNOWN SSA VALUE>>';

/**
 * The names of one block's values, with their `%`. Kept per block and indexed by position (rather
 * than in one map keyed by value): a name is found by `block.orderOf(op)` in an array, which is
 * much cheaper than a lookup in a hash map of every value of the program.
 */
interface BlockNames {
  name: string;
  order: number;
  args: string[];
  /** By op position: the use name of the op's only result (undefined: no result, or several). */
  results: (string | undefined)[];
}

/** A multi-result op's names: the name at each use (`%0#1`), and its named groups. */
interface ResultNames {
  uses: string[];
  /** Where each group starts, and the name its definition prints (`%0` in `%0:2 = ...`). */
  starts: number[];
  heads: string[];
}

/** Where a region's counters ended, and its names: what the regions nested in it start from. */
interface RegionEnd {
  value: number;
  arg: number;
  conflict: number;
  scope: NameScope;
}

/**
 * MLIR's SSA naming: numbers values region by region, nested regions starting from the counters
 * their parent region ended with (so sibling regions reuse names), and name hints made unique
 * with `_N` suffixes. In generic form (unique IDs) the counters keep running instead.
 */
export class SSANames {
  private readonly blocks = new Map<Block, BlockNames>();
  private readonly multiResults = new Map<Operation, ResultNames>();
  /** `%N` by N: sibling regions reuse numbers, and so share the strings. */
  private readonly numbered: string[] = [];
  private nextValueID = 0;
  private nextArgumentID = 0;
  private nextConflictID = 0;
  /** What the root's regions start from; and, in custom form, where each region numbered so far ended. */
  private readonly rootStart: RegionEnd = { value: 0, arg: 0, conflict: 0, scope: new NameScope(undefined) };
  private readonly regionEnds = new Map<Region, RegionEnd>();
  /** The two regions asked about last (a use's own region and, for constants, the function body). */
  private recentRegions: [Region | undefined, RegionEnd | undefined, Region | undefined, RegionEnd | undefined] = [undefined, undefined, undefined, undefined];
  /** The block of the last lookup: most uses are of values of the same block. */
  private lastBlock: Block | undefined;
  private lastNames: BlockNames | undefined;

  constructor(
    private readonly root: Operation,
    private readonly generic: boolean,
    /** Whether a function's parameters print with their source names (BlockArgument.nameHint). */
    private readonly sourceArgNames = true,
  ) {
    // In custom form a region's names depend only on its parent region's, so each region is
    // numbered when first asked about (`regionEnd`): just before it is printed, while its ops are
    // in the CPU caches. In generic form the counters run through all regions: numbered at once.
    if (generic) this.numberAll();
  }

  /** Numbers every region, last sibling first (a stack), the counters running on. */
  private numberAll(): void {
    const stack: Region[] = [...this.root.regions];
    const withRegions: Operation[] = [];
    while (stack.length) {
      const region = stack.pop()!;
      withRegions.length = 0;
      this.numberRegion(region, new NameScope(this.rootStart.scope), withRegions);
      for (const op of withRegions) stack.push(...op.regions);
    }
  }

  /** Numbers `region` (and the regions holding it) if not done yet; undefined when it is not inside the root. */
  private regionEnd(region: Region | undefined): RegionEnd | undefined {
    if (!region || this.generic) return undefined;
    const recent = this.recentRegions;
    if (recent[0] === region) return recent[1];
    if (recent[2] === region) return recent[3];
    let end = this.regionEnds.get(region);
    if (end) {
      recent[2] = recent[0];
      recent[3] = recent[1];
      recent[0] = region;
      recent[1] = end;
      return end;
    }
    const owner = region.parent;
    const start = owner === this.root ? this.rootStart : this.regionEnd(owner?.parent?.parent);
    if (!start) return undefined;
    this.nextValueID = start.value;
    this.nextArgumentID = start.arg;
    this.nextConflictID = start.conflict;
    const scope = new NameScope(start.scope);
    this.numberRegion(region, scope, undefined);
    end = { value: this.nextValueID, arg: this.nextArgumentID, conflict: this.nextConflictID, scope };
    this.regionEnds.set(region, end);
    return end;
  }

  private nextNumbered(): string {
    const n = this.nextValueID++;
    return (this.numbered[n] ??= '%' + n);
  }

  /** Names the values of `region`, not of regions nested in it (their ops are added to `withRegions`). */
  private numberRegion(region: Region, scope: NameScope, withRegions: Operation[] | undefined): void {
    const owner = region.parent;
    const blocks = region.blocks;
    let entryNames: readonly (string | undefined)[] | undefined;
    if (!this.generic && owner?.definition?.spec.blockArgNames && blocks.length) {
      entryNames = owner.definition.spec.blockArgNames(owner, owner.regions.indexOf(region));
    }
    const entryArgs: string[] = [];
    if (entryNames) {
      // Hinted names come first (they take their names before the `argN` ones).
      const n = blocks[0]!.arguments.length;
      for (let i = 0; i < n; i++) {
        const hint = entryNames[i];
        if (hint) entryArgs[i] = this.uniqueName(hint, scope);
      }
    }
    // A function's parameters print with their source names (`%X`), in custom and generic form.
    // Each still takes its `argN` number, so that every other name prints as without the hint.
    const sourceNamed = this.sourceArgNames && blocks.length > 0 && owner !== undefined && owner.regions[0] === region && isFunctionLike(owner);
    if (sourceNamed) {
      const args = blocks[0]!.arguments;
      for (let i = 0; i < args.length; i++) {
        const hint = args[i]!.nameHint;
        if (hint && entryArgs[i] === undefined) entryArgs[i] = this.uniqueName(hint, scope);
      }
    }
    for (let i = 0; i < blocks.length; i++) {
      const block = blocks[i]!;
      const args = i === 0 ? entryArgs : [];
      for (let j = 0; j < block.arguments.length; j++) {
        if (args[j] !== undefined) {
          if (i === 0 && sourceNamed) this.nextArgumentID++;
          continue;
        }
        args[j] = i === 0 ? this.uniqueName(`arg${this.nextArgumentID++}`, scope) : this.nextNumbered();
      }
      const results: (string | undefined)[] = [];
      for (let op = block.first; op; op = op.next) {
        results.push(op.results.length ? this.numberOp(op, scope) : undefined);
        if (withRegions && op.regions.length) withRegions.push(op);
      }
      this.blocks.set(block, { name: `^bb${i}`, order: i, args, results });
    }
  }

  /** Names the op's results; returns the use name of a single result. */
  private numberOp(op: Operation, scope: NameScope): string | undefined {
    const results = op.results;
    const hints = this.generic ? undefined : op.definition?.spec.resultNames;
    // No name hints, one result (the common case): just the next number.
    if (!hints && results.length === 1) return this.nextNumbered();
    // Group heads: result 0, and every result with a name hint.
    const starts = [0];
    const heads: string[] = [];
    if (hints) {
      hints(op).forEach((n, i) => {
        // (Hints past the op's results, e.g. for an optional result that is absent, name nothing.)
        if (!n || i >= results.length) return;
        if (i) starts.push(i);
        heads[i] = this.uniqueName(n, scope);
      });
    }
    heads[0] ??= this.nextNumbered();
    if (results.length === 1) return heads[0];
    starts.sort((a, b) => a - b);
    const names: ResultNames = { uses: [], starts, heads: starts.map((s) => heads[s]!) };
    for (let g = 0; g < starts.length; g++) {
      const start = starts[g]!;
      const end = starts[g + 1] ?? results.length;
      const head = names.heads[g]!;
      // A use inside a group of several prints its number in the group: `%0#1` (MLIR's printResultNo).
      for (let i = start; i < end; i++) names.uses.push(end - start > 1 ? `${head}#${i - start}` : head);
    }
    this.multiResults.set(op, names);
    return undefined;
  }

  /** `%hint`, or `%hint_N` when taken in this scope. */
  private uniqueName(hint: string, scope: NameScope): string {
    let name = sanitize(hint);
    if (scope.has(name)) {
      const base = name + '_';
      do name = base + this.nextConflictID++;
      while (scope.has(name));
    }
    scope.add(name);
    return '%' + name;
  }

  private namesOf(block: Block | undefined): BlockNames | undefined {
    if (block !== this.lastBlock) {
      this.lastBlock = block;
      this.lastNames = block && (this.blocks.get(block) ?? (this.regionEnd(block.parent) && this.blocks.get(block)));
    }
    return this.lastNames;
  }
  private resultNamesOf(op: Operation): ResultNames | undefined {
    return this.multiResults.get(op) ?? (this.regionEnd(op.parent?.parent) && this.multiResults.get(op));
  }

  /** The name printed at a use of `v`: `%name`, or `%N#i` for a result inside a numbered group. */
  useName(v: Value): string {
    if (v instanceof OpResult) {
      const op = v.owner;
      const block = op.parent;
      const names = this.namesOf(block);
      if (!names) return UNKNOWN;
      if (op.results.length === 1) return names.results[block!.orderOf(op)] ?? UNKNOWN;
      return this.multiResults.get(op)?.uses[v.index] ?? UNKNOWN;
    }
    // (Anything else, such as a missing value of invalid IR, is unknown.)
    if (!(v instanceof BlockArgument)) return UNKNOWN;
    return this.namesOf(v.owner)?.args[v.index] ?? UNKNOWN;
  }
  /**
   * `%name`, or `%N#i` for a result inside a numbered group. Without the result number, the head
   * of a group prints as its definition does (`%N`).
   */
  valueName(v: Value, printResultNo = true): string {
    if (!printResultNo && v instanceof OpResult) {
      const names = this.resultNamesOf(v.owner);
      const g = names ? names.starts.indexOf(v.index) : -1;
      if (g >= 0) return names!.heads[g]!;
    }
    return this.useName(v);
  }
  /** Where the named result groups of `op` start. */
  resultGroupsOf(op: Operation): readonly number[] {
    return this.resultNamesOf(op)?.starts ?? [0];
  }
  blockName(b: Block): string {
    return this.namesOf(b)?.name ?? '^INVALIDBLOCK';
  }
  blockOrder(b: Block): number {
    return this.namesOf(b)?.order ?? -1;
  }
}

/**
 * Whether `op`'s first region holds a function's body (a symbol with parameters, such as func.func
 * and gpu.func): its entry block's arguments print with their source names.
 */
function isFunctionLike(op: Operation): boolean {
  return op.hasTrait('Symbol') && !op.hasTrait('SymbolTable');
}

/**
 * The name hint the parser keeps for a block argument spelled `ssaName` (`%X` -> `X`): none for
 * names the printer makes up itself (`%0`, `%arg0`), which say nothing about the program.
 */
export function sourceNameHint(ssaName: string): string | undefined {
  const name = ssaName.startsWith('%') ? ssaName.slice(1) : ssaName;
  return name === '' || /^(arg)?[0-9]+$/.test(name) ? undefined : name;
}

class NameScope {
  private readonly names = new Set<string>();
  constructor(private readonly parent: NameScope | undefined) {}
  has(name: string): boolean {
    return this.names.has(name) || (this.parent?.has(name) ?? false);
  }
  add(name: string): void {
    this.names.add(name);
  }
}

const VALID = /^[A-Za-z0-9$._-]$/;
/** Names `sanitize` returns unchanged: valid characters only, not starting with a digit. */
const ALREADY_VALID = /^[A-Za-z$._-][A-Za-z0-9$._-]*$/;

/** MLIR's sanitizeIdentifier for SSA name hints. */
export function sanitize(name: string): string {
  if (ALREADY_VALID.test(name)) return name;
  let out = '';
  for (const ch of name) {
    if (VALID.test(ch)) out += ch;
    else if (ch === ' ') out += '_';
    else for (const b of UTF8.encode(ch)) out += b.toString(16).toUpperCase();
  }
  return /^[0-9]/.test(name) ? '_' + out : out;
}
