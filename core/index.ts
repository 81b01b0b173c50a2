/**
 * tile-opt's public API: what plugins and embedders use (the `tile-opt` package's main export;
 * plugins receive this module as `api.lib`). Dialects are exported separately as
 * `tile-opt/dialects/<name>`.
 */
export * from './ir/attributes.js';
export * from './ir/block.js';
export * from './ir/builder.js';
export * from './ir/constraints.js';
export * from './ir/diagnostics.js';
export * from './ir/dialect.js';
export * from './ir/location.js';
export * from './ir/op-definition.js';
export * from './ir/operation.js';
export * from './ir/region.js';
export { isSymbolTable, lookupSymbol, nearestSymbolTable, symbolName, symbolVisibility, SymbolTable } from './ir/symbol-table.js';
/** Op traits; the `SymbolTable` trait is `traits.SymbolTable` (the name `SymbolTable` is the class). */
export * as traits from './ir/traits.js';
export * from './ir/types.js';
export * from './ir/value.js';
export { verify } from './ir/verifier.js';
export { printOperation, type PrintOptions } from './syntax/printer.js';
export { renderDiagnostic, type RenderOptions } from './syntax/diagnostic-render.js';
export { SourceFile } from './syntax/source.js';
export { parseSource } from './syntax/parse-source.js';
export * from './rewrite/pattern.js';
export * from './rewrite/rewriter.js';
export * from './rewrite/greedy.js';
/** Dialect conversion (docs/conversion.md): the driver, conversion targets, type converters. */
export * from './rewrite/conversion.js';
export * from './rewrite/conversion-patterns-interface.js';
/** Constant matching and folding: constantValue(v) is MLIR's matchPattern(v, m_Constant()). */
export { constantValue, constantValueOfOp, foldOperation, OperationFolder } from './rewrite/folder.js';
export { isOpTriviallyDead, wouldOpBeTriviallyDead } from './rewrite/trivially-dead.js';
export { DominanceInfo, RegionDominance } from './ir/dominance.js';
/** Op interfaces: the verifier of cast ops, and those declared as traits (loops, region control flow, speculation). */
export * from './ir/cast-like.js';
export * from './ir/loop-like.js';
export * from './ir/region-branch.js';
export * from './ir/speculation.js';
export * from './pass/pass.js';
export * from './pass/options.js';
export * from './pass/pipeline.js';
export * from './pass/registry.js';
export * from './pass/pass-manager.js';
export { PipelineBuilder, ROOT_ANCHOR } from './pass/pipeline-builder.js';
export { runPassOn, type SinglePassResult } from './pass/run-single.js';
export { PLUGIN_API_VERSION, type PluginAPI as PluginAPIOf, type PluginRegister as PluginRegisterOf } from './pass/plugin.js';

import type { PluginAPI as PluginAPIOf } from './pass/plugin.js';
/** The object a plugin's register function receives. */
export type PluginAPI = PluginAPIOf<typeof import('./index.js')>;
/** The type of a plugin's default export. */
export type PluginRegister = (api: PluginAPI) => void | Promise<void>;
