import { defineDialect } from '../../core/ir/dialect.js';
import { CommitOp, CopyOp, WaitOp } from './ops.js';
import { parseAsyncType } from './types.js';

export * from './ops.js';
export * from './types.js';

export const asyncDialect = defineDialect({
  name: 'async',
  summary: 'asynchronous copies into workgroup memory: tokens, commit groups, waits',
  ops: [CopyOp, CommitOp, WaitOp],
  parseType: parseAsyncType,
});
