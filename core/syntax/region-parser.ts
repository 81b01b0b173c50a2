/** Regions, blocks and successors while parsing: `{ ^bb0(%a: i32): ... }` and `^bb1` references. */
import { Block } from '../ir/block.js';
import { DiagnosticError } from '../ir/diagnostics.js';
import type { Location } from '../ir/location.js';
import type { Operation } from '../ir/operation.js';
import type { Region } from '../ir/region.js';
import { Tok } from './lexer.js';
import type { RegionArgument } from './parser-state.js';
import { sourceNameHint } from './ssa-names.js';
import { SsaValueParser } from './ssa-value-parser.js';

interface BlockEntry {
  block: Block;
  loc: Location;
  offset: number;
  defined: boolean;
}

/** The region and block layer of the parser; the operations in blocks are the layer above's. */
export abstract class RegionParser extends SsaValueParser {
  private readonly blockScopes: Map<string, BlockEntry>[] = [];

  /** One operation (with the names of its results bound); regions hold them. */
  abstract parseOperation(): Operation;

  /**
   * Parse `{ ... }` into `region`. `entryArgs` are the entry block's arguments declared by the
   * op's custom syntax (e.g. a function signature). As in MLIR, SSA names are not isolated by
   * IsolatedFromAbove ops: a region sees (and may not redefine) the names of the regions around
   * it, and a forward reference may be resolved anywhere later in the file (the verifier then
   * reports a use across an isolation boundary). Only `enableNameShadowing` (MLIR's argument of
   * the same name) starts a fresh name scope.
   */
  parseRegion(region: Region, entryArgs: readonly RegionArgument[] | undefined, enableNameShadowing = false): void {
    const open = this.expectToken(Tok.LBrace, "'{' to begin a region");
    this.enterNameScope(enableNameShadowing);
    this.blockScopes.push(new Map());
    try {
      this.nested(() => this.parseRegionBody(region, entryArgs, open.start));
      this.finishBlockScope();
    } finally {
      this.blockScopes.pop();
      this.exitNameScope(enableNameShadowing);
    }
  }

  /** `parseRegion` for an optional region: returns false (consuming nothing) when no `{` follows. */
  parseOptionalRegion(region: Region, entryArgs: readonly RegionArgument[] | undefined, enableNameShadowing = false): boolean {
    if (!this.is(Tok.LBrace)) return false;
    this.parseRegion(region, entryArgs, enableNameShadowing);
    return true;
  }

  private parseRegionBody(region: Region, entryArgs: readonly RegionArgument[] | undefined, openOffset: number): void {
    if (this.consumeIf(Tok.RBrace)) {
      if (entryArgs && entryArgs.length) {
        // An empty body with declared arguments still gets its entry block (MLIR does the same).
        this.addEntryBlock(region, entryArgs);
      }
      return;
    }
    if (entryArgs?.length && this.is(Tok.CaretId)) throw this.error('invalid block name in region with named arguments');
    if (!this.is(Tok.CaretId)) this.parseBlockBody(this.addEntryBlock(region, entryArgs ?? []));
    while (!this.consumeIf(Tok.RBrace)) {
      if (this.is(Tok.EOF)) throw this.error("expected '}' to close region", openOffset);
      this.parseBlock(region);
    }
  }

  private addEntryBlock(region: Region, entryArgs: readonly RegionArgument[]): Block {
    for (const a of entryArgs) {
      const seen = this.definitionOffset(a.operand.name);
      if (seen !== undefined) {
        const d = DiagnosticError.at(this.locAt(a.operand.offset), `region entry argument '${a.operand.name}' is already in use`);
        d.diagnostic.attachNote('previously referenced here', this.locAt(seen));
        throw d;
      }
    }
    const block = region.appendBlock(new Block());
    for (const a of entryArgs) {
      const arg = block.addArgument(a.type, a.loc ?? a.operand.loc);
      arg.nameHint = sourceNameHint(a.operand.name);
      this.defineValue(a.operand.name, [arg], a.operand.offset);
    }
    return block;
  }

  private blockEntry(name: string, offset: number): BlockEntry {
    const scope = this.blockScopes[this.blockScopes.length - 1]!;
    let entry = scope.get(name);
    if (!entry) {
      entry = { block: new Block(), loc: this.locAt(offset), offset, defined: false };
      scope.set(name, entry);
    }
    return entry;
  }

  private parseBlock(region: Region): void {
    const nameTok = this.expectToken(Tok.CaretId, 'block name');
    const name = this.text(nameTok);
    const entry = this.blockEntry(name, nameTok.start);
    if (entry.defined) throw this.error(`redefinition of block '${name}'`, nameTok.start);
    entry.defined = true;
    entry.loc = this.locAt(nameTok.start);
    const block = entry.block;
    region.appendBlock(block);
    if (this.consumeIf(Tok.LParen)) {
      if (!this.consumeIf(Tok.RParen)) {
        this.parseCommaSeparated(undefined, Tok.RParen, () => {
          const u = this.parseOperand();
          this.expect(Tok.Colon, "':' and type for SSA operand");
          const type = this.parseType();
          const loc = this.parseOptionalTrailingLocation();
          const arg = block.addArgument(type, loc ?? u.loc);
          arg.nameHint = sourceNameHint(u.name);
          this.defineValue(u.name, [arg], u.offset);
        });
      }
    }
    this.expect(Tok.Colon, "':' after block name");
    this.parseBlockBody(block);
  }

  private parseBlockBody(block: Block): void {
    while (!this.is(Tok.CaretId) && !this.is(Tok.RBrace)) {
      // At the end of the file, reported after the last token, as MLIR does.
      if (this.is(Tok.EOF)) throw this.expectedError("expected '}' to close region");
      block.append(this.parseOperation());
    }
  }

  private finishBlockScope(): void {
    const scope = this.blockScopes[this.blockScopes.length - 1]!;
    for (const e of scope.values()) {
      if (!e.defined) throw this.error(`reference to an undefined block`, e.offset);
    }
  }

  /** `^bb1` as a successor. */
  parseSuccessor(): Block {
    const t = this.expectToken(Tok.CaretId, 'block name');
    if (this.blockScopes.length === 0) throw this.error('successors are only valid inside a region', t.start);
    return this.blockEntry(this.text(t), t.start).block;
  }
}
