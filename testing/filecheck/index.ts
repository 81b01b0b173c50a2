// LLVM FileCheck-compatible checker.
export { runFileCheck, type FileCheckResult, type FileCheckRun, type FileContent } from './run.js';
export { runFileCheckCommandLine, type CommandLineIO } from './command-line.js';
export type { DumpInputFilter, DumpInputMode, FileCheckOptions } from './options.js';
