import { Context, type Dialect } from '../core/ir/dialect.js';
import { arithDialect } from './arith/index.js';
import { asyncDialect } from './async/index.js';
import { builtinDialect } from './builtin/index.js';
import { cfDialect } from './cf/index.js';
import { funcDialect } from './func/index.js';
import { gpuDialect } from './gpu/index.js';
import { mathDialect } from './math/index.js';
import { memrefDialect } from './memref/index.js';
import { scfDialect } from './scf/index.js';
import { tileDialect } from './tile/index.js';
import { ubDialect } from './ub/index.js';
import { vectorDialect } from './vector/index.js';

/** Every dialect shipped with tile-opt. */
export const builtinDialects: readonly Dialect[] = [
  builtinDialect,
  funcDialect,
  arithDialect,
  mathDialect,
  scfDialect,
  cfDialect,
  memrefDialect,
  vectorDialect,
  gpuDialect,
  ubDialect,
  tileDialect,
  asyncDialect,
];

export function createContext(extra: Iterable<Dialect> = []): Context {
  return new Context([...builtinDialects, ...extra]);
}
