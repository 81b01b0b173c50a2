import { CallSiteLoc, FusedLoc, NameLoc, UnknownLoc, type Location } from '../ir/location.js';

interface Entry {
  loc: Location;
  depth: number;
  deferrable: boolean;
  name?: string;
}

function children(loc: Location): Location[] {
  if (loc instanceof FusedLoc) return [...loc.locations];
  if (loc instanceof NameLoc) return loc.child && !(loc.child instanceof UnknownLoc) ? [loc.child] : [];
  if (loc instanceof CallSiteLoc) return [loc.callee, loc.caller];
  return [];
}

/**
 * `#loc`, `#loc1`, ... for `--mlir-print-debuginfo`, as mlir-opt assigns them: locations are
 * numbered in the order a first printing pass meets them (an op's own before its contents,
 * nested ones before the location holding them), then stably sorted by nesting depth. Op locations are printed at the end of the output (deferred); block
 * argument locations are printed inline and their aliases at the top.
 */
export class LocationAliases {
  private readonly entries = new Map<Location, Entry>();
  private ordered: Entry[] = [];

  /** True during the first, silent printing pass that finds the locations in print order. */
  collecting = true;

  /** Note a location as the printer meets it; `deferrable` for op locations (printed by alias). */
  record(loc: Location, deferrable: boolean): void {
    if (this.collecting) this.visit(loc, deferrable);
  }

  /** Name the recorded locations and switch to printing. */
  finish(): void {
    this.collecting = false;
    this.ordered = [...this.entries.values()].sort((a, b) => a.depth - b.depth);
    this.ordered.forEach((e, i) => (e.name = i === 0 ? 'loc' : `loc${i}`));
  }

  private visit(loc: Location, deferrable: boolean): number {
    const known = this.entries.get(loc);
    if (known) {
      known.deferrable &&= deferrable;
      return known.depth;
    }
    let depth = 0;
    for (const c of children(loc)) depth = Math.max(depth, this.visit(c, deferrable) + 1);
    this.entries.set(loc, { loc, depth, deferrable });
    return depth;
  }

  /** `loc(#locN)` for an op's trailing location. */
  reference(loc: Location): string {
    const e = this.entries.get(loc);
    return e ? `loc(#${e.name})` : `loc(${this.body(loc)})`;
  }

  /** A location spelled out, its nested locations by alias. */
  inline(loc: Location): string {
    return `loc(${this.body(loc)})`;
  }

  private body(loc: Location): string {
    const ref = (l: Location) => {
      const e = this.entries.get(l);
      return e ? `#${e.name}` : this.body(l);
    };
    if (loc instanceof FusedLoc) {
      const meta = loc.metadata !== undefined ? `<${loc.metadata}>` : '';
      return `fused${meta}[${loc.locations.map(ref).join(', ')}]`;
    }
    if (loc instanceof CallSiteLoc) return `callsite(${ref(loc.callee)} at ${ref(loc.caller)})`;
    if (loc instanceof NameLoc) {
      const [child] = children(loc);
      return child ? `${loc.toString().slice(0, loc.toString().indexOf('('))}(${ref(child)})` : loc.toString();
    }
    return loc.toString();
  }

  /** Alias definitions printed after the op (those of op locations). */
  deferredDefinitions(): string {
    return this.ordered
      .filter((e) => e.deferrable)
      .map((e) => `#${e.name} = loc(${this.body(e.loc)})\n`)
      .join('');
  }

  /** Definitions printed before the op (block argument locations), with their nesting depth. */
  topDefinitions(): { loc: Location; depth: number; text: string }[] {
    return this.ordered.filter((e) => !e.deferrable).map((e) => ({ loc: e.loc, depth: e.depth, text: `#${e.name} = loc(${this.body(e.loc)})\n` }));
  }
}
