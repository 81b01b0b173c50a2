/** Pieces of scf's hand-written custom forms shared by its ops. */
import { Region } from '../../core/ir/region.js';
import type { Value } from '../../core/ir/value.js';
import { Tok, type Parser } from '../../core/syntax/parser.js';
import type { RegionArgument, UnresolvedOperand } from '../../core/syntax/parser-state.js';
import type { OpAsmPrinter } from '../../core/syntax/printer.js';

/** MLIR's printInitializationList: `prefix(%arg = %init, ...)`. */
export function printInitializationList(p: OpAsmPrinter, args: readonly Value[], inits: readonly Value[], prefix: string): void {
  if (inits.length === 0) return;
  p.write(prefix + '(');
  inits.forEach((v, i) => {
    if (i) p.write(', ');
    p.printOperand(args[i]!);
    p.write(' = ');
    p.printOperand(v);
  });
  p.write(')');
}

/** `(%a = %b, ...)`: MLIR's parseAssignmentList. */
export function parseAssignmentList(parser: Parser): { args: UnresolvedOperand[]; inits: UnresolvedOperand[] } {
  const args: UnresolvedOperand[] = [];
  const inits: UnresolvedOperand[] = [];
  parser.expect(Tok.LParen);
  parser.parseCommaSeparatedUntil(Tok.RParen, () => {
    args.push(parser.parseOperand(false));
    parser.expect(Tok.Equal, "'='");
    inits.push(parser.parseOperand());
  });
  return { args, inits };
}

/** Hand-written parse hooks are declared loosely typed in core/ir; this restores the types. */
export function parseRegionWith(parser: Parser, args?: RegionArgument[]): Region {
  const region = new Region();
  parser.parseRegion(region, args);
  return region;
}
