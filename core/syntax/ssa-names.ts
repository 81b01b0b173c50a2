import type { Block } from '../ir/block.js';
import type { Operation } from '../ir/operation.js';
import type { Region } from '../ir/region.js';
import type { Value } from '../ir/value.js';
import { BlockArgument, OpResult } from '../ir/value.js';

/**
 * MLIR's SSA naming: numbers values region by region, nested regions starting from the counters
 * their parent region ended with (so sibling regions reuse names), and name hints made unique
 * with `_N` suffixes. In generic form (unique IDs) the counters keep running instead.
 */
export class SSANames {
  /** Names with their `%` (made once here rather than at every use). */
  private readonly valueNames = new Map<Value, string>();
  private readonly blockNames = new Map<Block, { name: string; order: number }>();
  /** First result -> result-number boundaries of named result groups. */
  private readonly resultGroups = new Map<Operation, number[]>();
  private nextValueID = 0;
  private nextArgumentID = 0;
  private nextConflictID = 0;

  constructor(root: Operation, private readonly generic: boolean) {
    interface Ctx { region: Region; value: number; arg: number; conflict: number; scope: NameScope | undefined }
    const stack: Ctx[] = root.regions.map((region) => ({ region, value: 0, arg: 0, conflict: 0, scope: undefined }));
    const rootScope = new NameScope(undefined);
    while (stack.length) {
      const ctx = stack.pop()!;
      if (!generic) {
        this.nextValueID = ctx.value;
        this.nextArgumentID = ctx.arg;
        this.nextConflictID = ctx.conflict;
      }
      const scope = new NameScope(ctx.scope ?? rootScope);
      this.numberRegion(ctx.region, scope);
      for (const block of ctx.region.blocks) {
        for (let op = block.first; op; op = op.next) {
          for (const region of op.regions) {
            stack.push({ region, value: this.nextValueID, arg: this.nextArgumentID, conflict: this.nextConflictID, scope });
          }
        }
      }
    }
  }

  private numberRegion(region: Region, scope: NameScope): void {
    const owner = region.parent;
    if (!this.generic && owner?.definition?.spec.blockArgNames && region.entry) {
      const names = owner.definition.spec.blockArgNames(owner, owner.regions.indexOf(region));
      region.entry.arguments.forEach((a, i) => {
        const n = names[i];
        if (n) this.setName(a, n, scope);
      });
    }
    region.blocks.forEach((block, i) => {
      this.blockNames.set(block, { name: `^bb${i}`, order: i });
      const entry = i === 0;
      for (const arg of block.arguments) {
        if (this.valueNames.has(arg)) continue;
        if (entry) this.setName(arg, `arg${this.nextArgumentID++}`, scope);
        else this.valueNames.set(arg, '%' + this.nextValueID++);
      }
      for (let op = block.first; op; op = op.next) this.numberOp(op, scope);
    });
  }

  private numberOp(op: Operation, scope: NameScope): void {
    if (op.results.length === 0) return;
    if (this.generic || !op.definition?.spec.resultNames) {
      // No name hints (the common case): just the next number.
      const first = op.results[0]!;
      if (!this.valueNames.has(first)) this.valueNames.set(first, '%' + this.nextValueID++);
      return;
    }
    const groups = [0];
    {
      op.definition.spec.resultNames(op).forEach((n, i) => {
        if (!n) return;
        this.setName(op.results[i]!, n, scope);
        if (i) groups.push(i);
      });
    }
    const first = op.results[0]!;
    if (!this.valueNames.has(first)) this.valueNames.set(first, '%' + this.nextValueID++);
    if (groups.length > 1) this.resultGroups.set(op, groups.sort((a, b) => a - b));
  }

  private setName(v: Value, hint: string, scope: NameScope): void {
    let name = sanitize(hint);
    if (scope.has(name)) {
      const base = name + '_';
      do name = base + this.nextConflictID++;
      while (scope.has(name));
    }
    scope.add(name);
    this.valueNames.set(v, '%' + name);
  }

  /** `%name`, or `%N#i` for a result inside a numbered group. */
  valueName(v: Value, printResultNo = true): string {
    const direct = this.valueNames.get(v);
    if (direct !== undefined) {
      // A use of the first result of a multi-result group prints as `%0#0` (MLIR's printResultNo).
      if (printResultNo && v instanceof OpResult && v.owner.results.length > 1) {
        const groups = this.resultGroups.get(v.owner) ?? [0];
        const i = groups.indexOf(v.index);
        const end = groups[i + 1] ?? v.owner.results.length;
        if (i >= 0 && end - v.index > 1) return `${direct}#0`;
      }
      return direct;
    }
    if (v instanceof OpResult) {
      // Find the group this result belongs to.
      const groups = this.resultGroups.get(v.owner) ?? [0];
      let start = 0;
      for (const g of groups) if (g <= v.index) start = g;
      const head = this.valueNames.get(v.owner.results[start]!);
      if (head !== undefined) return `${head}#${v.index - start}`;
    }
    if (v instanceof BlockArgument) return '%<<UNKNOWN SSA VALUE>>';
    return '%<<UNKNOWN SSA VALUE>>';
  }
  /** The bare name (no `%`) when the value starts a group; used for result lists. */
  resultGroupsOf(op: Operation): number[] {
    return this.resultGroups.get(op) ?? [0];
  }
  blockName(b: Block): string {
    return this.blockNames.get(b)?.name ?? '^INVALIDBLOCK';
  }
  blockOrder(b: Block): number {
    return this.blockNames.get(b)?.order ?? -1;
  }
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
    else for (const b of Buffer.from(ch, 'utf8')) out += b.toString(16).toUpperCase();
  }
  return /^[0-9]/.test(name) ? '_' + out : out;
}
