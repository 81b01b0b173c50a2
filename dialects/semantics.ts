import { SemanticsRegistry, type DialectSemantics } from '../core/interpret/engine.js';
import { arithSemantics } from './arith/interpret.js';
import { asyncSemantics } from './async/interpret.js';
import { cfSemantics } from './cf/interpret.js';
import { funcSemantics } from './func/interpret.js';
import { gpuSemantics } from './gpu/interpret.js';
import { mathSemantics } from './math/interpret.js';
import { memrefSemantics } from './memref/interpret.js';
import { scfSemantics } from './scf/interpret.js';
import { tileSemantics } from './tile/interpret.js';
import { ubSemantics } from './ub/interpret.js';
import { vectorSemantics } from './vector/interpret.js';

/** The interpreter semantics of every dialect shipped with tile-opt (as registry.ts lists dialects). */
export const builtinSemantics: readonly DialectSemantics[] = [
  funcSemantics,
  arithSemantics,
  mathSemantics,
  scfSemantics,
  memrefSemantics,
  vectorSemantics,
  gpuSemantics,
  ubSemantics,
  tileSemantics,
  asyncSemantics,
  cfSemantics,
];

export function createSemantics(extra: Iterable<DialectSemantics> = []): SemanticsRegistry {
  return new SemanticsRegistry([...builtinSemantics, ...extra]);
}
