import { defineDialect } from '../../core/ir/dialect.js';

export const mathDialect = defineDialect({ name: 'math', ops: [] });
