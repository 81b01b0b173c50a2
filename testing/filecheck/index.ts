// An LLVM FileCheck (LLVM 19) compatible checker, usable in-process:
//
//   const { exitCode, stderr } = runFileCheck({
//     checkFileName: 'test.mlir', checkFile: checkText,
//     inputName: '<stdin>', input: toolOutput,
//     options: { checkPrefixes: ['CHECK'], matchFullLines: true },
//   });
//
// or with FileCheck's command line: runFileCheckCommandLine(argv, io).
// Exit codes, diagnostics and the --dump-input annotated dump follow LLVM's.

export { runFileCheck, type FileCheckResult, type FileCheckRun, type FileContent } from './run.js';
export { runFileCheckCommandLine, type CommandLineIO } from './command-line.js';
export type { DumpInputFilter, DumpInputMode, FileCheckOptions } from './options.js';
