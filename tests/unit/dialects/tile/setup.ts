import { Block } from '../../../../core/ir/block.js';
import { Builder } from '../../../../core/ir/builder.js';
import { UnknownLoc } from '../../../../core/ir/location.js';
import { Operation } from '../../../../core/ir/operation.js';
import type { Type } from '../../../../core/ir/types.js';
import type { Value } from '../../../../core/ir/value.js';
import { ModuleOp } from '../../../../dialects/builtin/index.js';
import { createContext } from '../../../../dialects/registry.js';

/** A builder appending to a module's block whose arguments have `types` (values to build with). */
export function blockWith(...types: Type[]): { b: Builder; args: Value[]; block: Block } {
  const module = Operation.create(ModuleOp.state({}));
  const block = module.region(0).appendBlock(new Block());
  const args = types.map((t) => block.addArgument(t, UnknownLoc.get()));
  const b = new Builder(createContext());
  b.setInsertionPointToEnd(block);
  return { b, args, block };
}
