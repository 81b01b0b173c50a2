// Options of a FileCheck run (the library-level equivalent of the command line).

import { toByteString } from './source.js';

export type DumpInputMode = 'never' | 'fail' | 'always' | 'help';
export type DumpInputFilter = 'error' | 'annotation' | 'annotation-full' | 'all';

export interface FileCheckOptions {
  /** --check-prefix(es); defaults to ["CHECK"]. */
  checkPrefixes?: readonly string[];
  /** --comment-prefixes; defaults to ["COM", "RUN"]. */
  commentPrefixes?: readonly string[];
  /** --implicit-check-not patterns. */
  implicitCheckNot?: readonly string[];
  /** -D definitions, as written after "-D": "VAR=VALUE", "#VAR=EXPR", "#%x,VAR=EXPR". */
  defines?: readonly string[];
  matchFullLines?: boolean;
  strictWhitespace?: boolean;
  ignoreCase?: boolean;
  allowEmpty?: boolean;
  allowUnusedPrefixes?: boolean;
  enableVarScope?: boolean;
  allowDeprecatedDagOverlap?: boolean;
  /** -v */
  verbose?: boolean;
  /** -vv (implies verbose) */
  veryVerbose?: boolean;
  /** --dump-input; defaults to "fail". */
  dumpInput?: DumpInputMode;
  /** --dump-input-filter; defaults to "error" for fail and "all" for always. */
  dumpInputFilter?: DumpInputFilter;
  /** --dump-input-context; defaults to 5. */
  dumpInputContext?: number;
}

/** Options with defaults applied, as used by the checker internals. */
export interface FileCheckRequest {
  checkPrefixes: string[];
  commentPrefixes: string[];
  /** Whether checkPrefixes were defaulted rather than given. */
  isDefaultCheckPrefix: boolean;
  implicitCheckNot: string[];
  defines: string[];
  matchFullLines: boolean;
  strictWhitespace: boolean;
  ignoreCase: boolean;
  allowEmpty: boolean;
  allowUnusedPrefixes: boolean;
  enableVarScope: boolean;
  allowDeprecatedDagOverlap: boolean;
  verbose: boolean;
  veryVerbose: boolean;
}

export const DEFAULT_CHECK_PREFIXES = ['CHECK'];
export const DEFAULT_COMMENT_PREFIXES = ['COM', 'RUN'];

/** Applies defaults; strings become byte strings like all checker text. */
export function toRequest(options: FileCheckOptions): FileCheckRequest {
  const bytes = (list: readonly string[] | undefined): string[] => (list ?? []).map(toByteString);
  const checkPrefixes = bytes(options.checkPrefixes);
  const commentPrefixes = bytes(options.commentPrefixes);
  return {
    checkPrefixes: checkPrefixes.length ? checkPrefixes : [...DEFAULT_CHECK_PREFIXES],
    commentPrefixes: commentPrefixes.length ? commentPrefixes : [...DEFAULT_COMMENT_PREFIXES],
    isDefaultCheckPrefix: checkPrefixes.length === 0,
    implicitCheckNot: bytes(options.implicitCheckNot),
    defines: bytes(options.defines),
    matchFullLines: options.matchFullLines ?? false,
    strictWhitespace: options.strictWhitespace ?? false,
    ignoreCase: options.ignoreCase ?? false,
    allowEmpty: options.allowEmpty ?? false,
    allowUnusedPrefixes: options.allowUnusedPrefixes ?? false,
    enableVarScope: options.enableVarScope ?? false,
    allowDeprecatedDagOverlap: options.allowDeprecatedDagOverlap ?? false,
    verbose: (options.verbose ?? false) || (options.veryVerbose ?? false),
    veryVerbose: options.veryVerbose ?? false,
  };
}
