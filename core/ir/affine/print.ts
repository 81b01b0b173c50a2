/**
 * Printing of affine expressions exactly as MLIR's AsmPrinter does (printAffineExprInternal):
 * `d0 - d1 * 2`, `-d0`, `(d0 floordiv 2) * 4`, with optional names for dimensions and symbols.
 * Loading this module also makes it the printer behind AffineExpr's `toString`.
 */
import { AffineConstantExpr, AffineDimExpr, AffineSymbolExpr, asBin, asConst, installAffineExprPrinter, type AffineBinaryKind, type AffineBinaryOpExpr, type AffineExpr } from './expr.js';
import { wrap64 } from './int64.js';

/** Optional naming hook: returns the text for dim/symbol `pos`. */
export type AffineValueNamer = (position: number, isSymbol: boolean) => string;

const BINOP_SPELLING: Record<AffineBinaryKind, string> = {
  add: ' + ',
  mul: ' * ',
  floordiv: ' floordiv ',
  ceildiv: ' ceildiv ',
  mod: ' mod ',
};

/** Prints an expression exactly as MLIR does (`d0 - d1 * 2`, `-d0`, `(d0 floordiv 2) * 4`, ...). */
export function printAffineExpr(expr: AffineExpr, namer?: AffineValueNamer): string {
  const out: string[] = [];
  printExprInternal(expr, false, namer, out);
  return out.join('');
}

function printExprInternal(expr: AffineExpr, strong: boolean, namer: AffineValueNamer | undefined, out: string[]): void {
  if (expr instanceof AffineSymbolExpr) {
    out.push(namer ? namer(expr.position, true) : `s${expr.position}`);
    return;
  }
  if (expr instanceof AffineDimExpr) {
    out.push(namer ? namer(expr.position, false) : `d${expr.position}`);
    return;
  }
  if (expr instanceof AffineConstantExpr) {
    out.push(expr.value.toString());
    return;
  }
  const bin = expr as AffineBinaryOpExpr;
  const lhsExpr = bin.lhs;
  const rhsExpr = bin.rhs;

  // Tightly binding operators.
  if (bin.kind !== 'add') {
    if (strong) out.push('(');
    const rhsConst = asConst(rhsExpr);
    if (rhsConst && bin.kind === 'mul' && rhsConst.value === -1n) {
      out.push('-');
      printExprInternal(lhsExpr, true, namer, out);
      if (strong) out.push(')');
      return;
    }
    printExprInternal(lhsExpr, true, namer, out);
    out.push(BINOP_SPELLING[bin.kind]);
    printExprInternal(rhsExpr, true, namer, out);
    if (strong) out.push(')');
    return;
  }

  // Addition, with pretty forms for subtraction.
  if (strong) out.push('(');
  const rhsBin = asBin(rhsExpr, 'mul');
  if (rhsBin) {
    const rrhs = asConst(rhsBin.rhs);
    if (rrhs) {
      if (rrhs.value === -1n) {
        printExprInternal(lhsExpr, false, namer, out);
        out.push(' - ');
        printExprInternal(rhsBin.lhs, rhsBin.lhs.kind === 'add', namer, out);
        if (strong) out.push(')');
        return;
      }
      if (rrhs.value < -1n) {
        printExprInternal(lhsExpr, false, namer, out);
        out.push(' - ');
        printExprInternal(rhsBin.lhs, true, namer, out);
        out.push(` * ${wrap64(-rrhs.value)}`);
        if (strong) out.push(')');
        return;
      }
    }
  }
  const rhsConst = asConst(rhsExpr);
  if (rhsConst && rhsConst.value < 0n) {
    printExprInternal(lhsExpr, false, namer, out);
    out.push(` - ${wrap64(-rhsConst.value)}`);
    if (strong) out.push(')');
    return;
  }
  printExprInternal(lhsExpr, false, namer, out);
  out.push(' + ');
  printExprInternal(rhsExpr, false, namer, out);
  if (strong) out.push(')');
}

installAffineExprPrinter((expr) => printAffineExpr(expr));
