import { Block } from '../ir/block.js';
import type { Context } from '../ir/dialect.js';
import type { Location } from '../ir/location.js';
import type { OpDefinition } from '../ir/op-definition.js';
import { Operation } from '../ir/operation.js';
import type { Region } from '../ir/region.js';
import { implicitTerminatorOf } from '../ir/traits.js';

/** The implicit terminator's name per op definition ('' for none), computed once. */
const terminatorNames = new WeakMap<OpDefinition, string>();

/**
 * For ops with SingleBlockImplicitTerminator: give an empty region its block and append the
 * terminator the custom form may omit (MLIR's ensureTerminator).
 */
export function ensureImplicitTerminator(region: Region, owner: OpDefinition, context: Context, loc: Location): void {
  let name = terminatorNames.get(owner);
  if (name === undefined) {
    name = owner.traits.map((t) => ('terminator' in t ? (t as { terminator: string }).terminator : undefined)).find(Boolean) ?? '';
    terminatorNames.set(owner, name);
  }
  if (!name) return;
  if (region.empty) region.appendBlock(new Block());
  const block = region.entry!;
  const last = block.last;
  if (last && last.hasTrait('Terminator')) return;
  const def = context.lookupOp(name);
  // Like MLIR, the terminator takes the location of the op that owns the region.
  block.append(Operation.create({ name, definition: def, loc }));
}

export { implicitTerminatorOf };
