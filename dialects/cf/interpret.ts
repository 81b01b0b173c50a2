/**
 * Semantics of cf.assert: a false condition stops the run with the assertion's message at its
 * location (the message says what failed: generate-runtime-verification's name the op they guard).
 */
import type { StringAttr } from '../../core/ir/attributes.js';
import type { DialectSemantics } from '../../core/interpret/engine.js';
import { interpretError } from '../../core/interpret/errors.js';

export const cfSemantics: DialectSemantics = {
  dialect: 'cf',
  ops: {
    'cf.assert': (op, [cond]) => {
      if (!cond) throw interpretError(op.loc, `assertion failed: ${(op.properties.get('msg') as StringAttr).value}`);
      return [];
    },
  },
};
