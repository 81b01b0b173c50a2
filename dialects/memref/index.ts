import { defineDialect } from '../../core/ir/dialect.js';

export const memrefDialect = defineDialect({ name: 'memref', ops: [] });
