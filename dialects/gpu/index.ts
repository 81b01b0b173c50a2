import { defineDialect } from '../../core/ir/dialect.js';

export const gpuDialect = defineDialect({ name: 'gpu', ops: [] });
