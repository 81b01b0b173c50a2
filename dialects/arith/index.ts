import { defineDialect } from '../../core/ir/dialect.js';

export const arithDialect = defineDialect({ name: 'arith', ops: [] });
