/**
 * SSA names while parsing: operands as written (`%name`, `%name#N`), their resolution to values
 * (forward references become placeholders until defined) and the name scopes of regions.
 */
import type { Location } from '../ir/location.js';
import { DiagnosticError } from '../ir/diagnostics.js';
import { IndexType, type Type } from '../ir/types.js';
import { Value } from '../ir/value.js';
import { Tok } from './lexer.js';
import type { UnresolvedOperand } from './parser-state.js';
import type { SourceFile } from './source.js';
import { TypeAttrParser } from './type-attr-parser.js';

/** An UnresolvedOperand whose location is only computed when asked for (errors, block arguments). */
class LazyOperand implements UnresolvedOperand {
  private cachedLoc: Location | undefined;
  constructor(
    readonly name: string,
    readonly number: number,
    readonly offset: number,
    private readonly source: SourceFile,
  ) {}
  get loc(): Location {
    return (this.cachedLoc ??= this.source.loc(this.offset));
  }
}

/** Placeholder for an SSA name used before its definition. */
class ForwardRef extends Value {
  constructor(
    type: Type,
    readonly loc: Location,
    readonly offset: number,
  ) {
    super(type);
  }
  get parentBlock(): undefined {
    return undefined;
  }
  get definingOp(): undefined {
    return undefined;
  }
}

interface ValueEntry {
  /** Never modified: may be the defining op's own result list. */
  values: readonly Value[];
  /** Source offset of the definition (or first forward use); its location is computed on demand. */
  offset: number;
}

/** SSA names of one name scope: the whole file, or a region parsed with enableNameShadowing. */
class IsolatedScope {
  readonly values = new Map<string, ValueEntry>();
  /** Names defined at each nested region level, removed again when the level ends. */
  readonly levels: string[][] = [[]];
  readonly forwardRefs = new Map<ForwardRef, string>();
}

/** The SSA value layer of the parser (below regions and operations). */
export abstract class SsaValueParser extends TypeAttrParser {
  private readonly scopes: IsolatedScope[] = [new IsolatedScope()];

  /**
   * `%name` or `%name#N`. MLIR's parseOperand; with `allowResultNumber` false, its parseArgument's
   * check (the name of a value being defined: function and region arguments, assignment lists).
   */
  parseOperand(allowResultNumber = true): UnresolvedOperand {
    const u = this.parseOptionalOperand(allowResultNumber);
    if (!u) throw this.expectedError('expected SSA operand');
    return u;
  }

  parseOptionalOperand(allowResultNumber = true): UnresolvedOperand | undefined {
    if (!this.is(Tok.PercentId)) return undefined;
    const start = this.tok.start;
    const name = this.takeText();
    let number = 0;
    if (this.is(Tok.HashId)) {
      if (!allowResultNumber) throw this.error('result number not allowed in argument list');
      const text = this.tokenText.slice(1);
      if (!/^[0-9]+$/.test(text)) throw this.error('invalid SSA value result number');
      number = Number(text);
      this.advance();
    }
    return new LazyOperand(name, number, start, this.source);
  }

  /** Collects `parseOperandList`'s operands (the list returned is an exactly sized copy). */
  private readonly operandScratch: UnresolvedOperand[] = [];

  parseOperandList(): UnresolvedOperand[] {
    if (!this.is(Tok.PercentId)) return [];
    const scratch = this.operandScratch;
    let n = 0;
    do scratch[n++] = this.parseOperand();
    while (this.consumeIf(Tok.Comma));
    const list = scratch.slice(0, n);
    for (let i = 0; i < n; i++) scratch[i] = undefined!;
    return list;
  }

  private get scope(): IsolatedScope {
    return this.scopes[this.scopes.length - 1]!;
  }

  /** The value for `u`, checking its type; unknown names become forward references. */
  resolveOperand(u: UnresolvedOperand, type: Type): Value {
    const entry = this.scope.values.get(u.name);
    if (entry) {
      if (u.number >= entry.values.length) {
        if (entry.values.length === 1 && entry.values[0] instanceof ForwardRef) {
          throw this.error(`reference to invalid result number`, u.offset);
        }
        throw this.error(`reference to invalid result number`, u.offset);
      }
      const v = entry.values[u.number]!;
      if (v.type !== type) {
        const d = DiagnosticError.at(u.loc, `use of value '${u.name}' expects different type than prior uses: '${type}' vs '${v.type}'`);
        d.diagnostic.attachNote('prior use here', this.locAt(entry.offset));
        throw d;
      }
      return v;
    }
    if (u.number > 0) {
      // A numbered forward reference; create placeholders for the group.
      const values: Value[] = [];
      for (let i = 0; i <= u.number; i++) values.push(new ForwardRef(type, u.loc, u.offset));
      values.forEach((v) => this.scope.forwardRefs.set(v as ForwardRef, u.name));
      this.scope.values.set(u.name, { values, offset: u.offset });
      return values[u.number]!;
    }
    const ref = new ForwardRef(type, u.loc, u.offset);
    this.scope.forwardRefs.set(ref, u.name);
    this.scope.values.set(u.name, { values: [ref], offset: u.offset });
    return ref;
  }

  resolveOperands(list: readonly UnresolvedOperand[], types: readonly Type[], offset: number, into: Value[]): void {
    if (list.length !== types.length) {
      throw this.opError(`${list.length} operands present, but expected ${types.length}`, offset);
    }
    for (let i = 0; i < list.length; i++) into.push(this.resolveOperand(list[i]!, types[i]!));
  }
  /** Resolve operands that are all of type `index` (subscripts, sizes, bounds), appending them to `into`. */
  resolveIndexOperands(list: readonly UnresolvedOperand[], into: Value[]): void {
    const index = IndexType.get();
    for (let i = 0; i < list.length; i++) into.push(this.resolveOperand(list[i]!, index));
  }
  /** `resolveOperands` writing to `into[at...]` (a list sized in advance). */
  resolveOperandsAt(list: readonly UnresolvedOperand[], types: readonly Type[], offset: number, into: Value[], at: number): void {
    if (list.length !== types.length) {
      throw this.opError(`${list.length} operands present, but expected ${types.length}`, offset);
    }
    for (let i = 0; i < list.length; i++) into[at + i] = this.resolveOperand(list[i]!, types[i]!);
  }

  /** Bind `name` to `values` (results or block arguments; kept, not copied), resolving forward references. */
  defineValue(name: string, values: readonly Value[], offset: number): void {
    const scope = this.scope;
    const existing = scope.values.get(name);
    if (existing) {
      const refs = existing.values.filter((v): v is ForwardRef => v instanceof ForwardRef);
      if (refs.length !== existing.values.length) {
        const d = DiagnosticError.at(this.locAt(offset), `redefinition of SSA value '${name}'`);
        d.diagnostic.attachNote('previously defined here', this.locAt(existing.offset));
        throw d;
      }
      for (let i = 0; i < refs.length; i++) {
        const ref = refs[i]!;
        const v = values[i];
        if (!v) throw this.error(`reference to invalid result number`, ref.offset);
        if (v.type !== ref.type) {
          const d = DiagnosticError.at(this.locAt(offset), `definition of SSA value '${name}#${i}' has type '${v.type}'`);
          d.diagnostic.attachNote(`previously used here with type '${ref.type}'`, ref.loc);
          throw d;
        }
        ref.replaceAllUsesWith(v);
        scope.forwardRefs.delete(ref);
      }
    }
    scope.values.set(name, { values, offset });
    scope.levels[scope.levels.length - 1]!.push(name);
  }

  private checkForwardRefs(scope: IsolatedScope): void {
    let first: ForwardRef | undefined;
    for (const ref of scope.forwardRefs.keys()) if (!first || ref.offset < first.offset) first = ref;
    if (first) throw this.error(`use of undeclared SSA value name`, first.offset);
  }

  /**
   * Enter a region's names: a fresh name scope with `enableNameShadowing`, else a nested level
   * of the current one (its names are forgotten again when the region ends).
   */
  protected enterNameScope(enableNameShadowing: boolean): void {
    if (enableNameShadowing) this.scopes.push(new IsolatedScope());
    else this.scope.levels.push([]);
  }

  /** Leave what `enterNameScope` entered: a fresh scope must have resolved its forward references. */
  protected exitNameScope(enableNameShadowing: boolean): void {
    if (enableNameShadowing) {
      const scope = this.scopes.pop()!;
      this.checkForwardRefs(scope);
    } else {
      for (const name of this.scope.levels.pop()!) this.scope.values.delete(name);
    }
  }

  /** Where `name` was defined (or first used, if only forward referenced) in the current scope. */
  protected definitionOffset(name: string): number | undefined {
    return this.scope.values.get(name)?.offset;
  }

  /** At the end of the file: every forward reference of the file's scope must have been defined. */
  protected checkFileForwardRefs(): void {
    this.checkForwardRefs(this.scopes[0]!);
  }
}
