import { Block } from '../ir/block.js';
import type { Context } from '../ir/dialect.js';
import type { Location } from '../ir/location.js';
import type { OpDefinition } from '../ir/op-definition.js';
import { Operation } from '../ir/operation.js';
import type { Region } from '../ir/region.js';
import { implicitTerminatorOf } from '../ir/traits.js';

/** Per op definition, computed once: its implicit terminator's name ('' for none), and whether it has SingleBlock. */
const bodyPlans = new WeakMap<OpDefinition, { terminator: string; singleBlock: boolean }>();

/**
 * What MLIR's generated parsers do for a parsed region: with SingleBlockImplicitTerminator, give
 * an empty region its block and append the terminator the custom form may omit (ensureTerminator);
 * with SingleBlock alone, give an empty region its (empty) block.
 */
export function ensureImplicitTerminator(region: Region, owner: OpDefinition, context: Context, loc: Location): void {
  let plan = bodyPlans.get(owner);
  if (plan === undefined) {
    const terminator = owner.traits.map((t) => ('terminator' in t ? (t as { terminator: string }).terminator : undefined)).find(Boolean) ?? '';
    plan = { terminator, singleBlock: owner.traits.some((t) => t.name === 'SingleBlock') };
    bodyPlans.set(owner, plan);
  }
  if (!plan.terminator) {
    if (plan.singleBlock && region.empty) region.appendBlock(new Block());
    return;
  }
  const name = plan.terminator;
  if (region.empty) region.appendBlock(new Block());
  const block = region.entry!;
  const last = block.last;
  if (last && last.hasTrait('Terminator')) return;
  const def = context.lookupOp(name);
  // Like MLIR, the terminator takes the location of the op that owns the region. Its own
  // declared (non-variadic) regions get an empty block, as its default builder gives them.
  const regions = Object.values(def?.spec.regions ?? {}).filter((r) => !r.variadic).length;
  const terminator = Operation.create({ name, definition: def, loc, regions });
  for (const r of terminator.regions) r.appendBlock(new Block());
  block.append(terminator);
}

export { implicitTerminatorOf };
