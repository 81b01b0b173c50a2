import { defineDialect } from '../../core/ir/dialect.js';

export const funcDialect = defineDialect({ name: 'func', ops: [] });
