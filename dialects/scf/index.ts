import { defineDialect } from '../../core/ir/dialect.js';

export const scfDialect = defineDialect({ name: 'scf', ops: [] });
