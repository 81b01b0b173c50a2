import { defineDialect } from '../../core/ir/dialect.js';
import { memrefOps } from './ops.js';

export * from './ops.js';
export * from './types.js';
export * from './dynamic-index-list.js';

export const memrefDialect = defineDialect({ name: 'memref', summary: 'memory reference operations', ops: memrefOps });
