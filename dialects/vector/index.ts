import { defineDialect } from '../../core/ir/dialect.js';

export const vectorDialect = defineDialect({ name: 'vector', ops: [] });
