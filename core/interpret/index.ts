export * from './engine.js';
export * from './errors.js';
export * from './elementwise.js';
export * from './float16.js';
export * from './memory.js';
export * from './numeric.js';
export * from './values.js';
export * from './workgroup.js';
