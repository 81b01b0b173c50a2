import type { Context, DialectInterface } from '../ir/dialect.js';
import type { ConversionPattern } from './conversion.js';
import type { ConversionTarget } from './conversion-target.js';
import type { TypeConverter } from './type-converter.js';

/** The name of the ConversionPatternsInterface. */
export const CONVERSION_PATTERNS_INTERFACE = 'ConversionPatterns';

/**
 * What a conversion pass hands the functions that add patterns to it (the arguments of MLIR's
 * populate...Patterns): its type converter, its conversion target (a dialect may mark its own
 * ops illegal there), and what else the pass documents for its patterns (`lowering`).
 */
export interface ConversionPatternEnv<Lowering = unknown> {
  /** The conversion pass, by name (e.g. 'convert-tile-to-gpu'). */
  readonly conversion: string;
  readonly typeConverter: TypeConverter;
  readonly target: ConversionTarget;
  readonly lowering: Lowering;
}

/** Adds patterns to a conversion (MLIR's populate...Patterns). */
export type PopulateConversionPatterns<Lowering = unknown> = (patterns: ConversionPattern[], env: ConversionPatternEnv<Lowering>) => void;

/**
 * The conversion patterns a dialect adds to conversion passes, by pass name (MLIR's
 * ConvertToLLVMPatternInterface, for any conversion): a plugin's dialect lowers its own ops in
 * tile-opt's conversions this way.
 */
export interface ConversionPatternsInterface extends DialectInterface {
  readonly populators: Readonly<Record<string, PopulateConversionPatterns<never>>>;
}

/** The interface of a dialect whose patterns `populators` add, per conversion pass name. */
export function conversionPatternsInterface(populators: Readonly<Record<string, PopulateConversionPatterns<never>>>): ConversionPatternsInterface {
  return { name: CONVERSION_PATTERNS_INTERFACE, populators };
}

/** Add the patterns every dialect loaded in `context` contributes to the conversion `env.conversion` (in dialect name order). */
export function populateDialectConversionPatterns<Lowering>(context: Context, patterns: ConversionPattern[], env: ConversionPatternEnv<Lowering>): void {
  for (const dialect of context.loadedDialects) {
    const populate = dialect.getInterface<ConversionPatternsInterface>(CONVERSION_PATTERNS_INTERFACE)?.populators[env.conversion];
    (populate as PopulateConversionPatterns<Lowering> | undefined)?.(patterns, env);
  }
}
