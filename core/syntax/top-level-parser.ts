/**
 * A file's top level: its operations, attribute and type aliases (`#name = ...`, `!name = ...`),
 * file metadata (`{-# dialect_resources: ... #-}`) and the locations that name an alias defined
 * later in the file, resolved once the whole file is read.
 */
import { Block } from '../ir/block.js';
import type { Location } from '../ir/location.js';
import type { Operation } from '../ir/operation.js';
import { Tok } from './lexer.js';
import { OperationParser } from './operation-parser.js';
import { DeferredLoc, LocationAttr } from './type-attr-parser.js';

/** The top-level layer of the parser. */
export abstract class TopLevelParser extends OperationParser {
  /** Parse a whole file into its top-level operations (aliases are consumed). */
  parseTopLevel(): Operation[] {
    const ops: Operation[] = [];
    const block = new Block();
    while (!this.is(Tok.EOF)) {
      if (this.is(Tok.HashId) || this.is(Tok.BangId)) {
        if (this.tryAliasDefinition()) continue;
      }
      if (this.is(Tok.FileMetadataBegin)) {
        this.parseFileMetadata();
        continue;
      }
      const op = this.parseOperation();
      block.append(op);
      ops.push(op);
    }
    this.checkFileForwardRefs();
    for (const op of ops) op.remove();
    if (this.deferredLocs.length) for (const op of ops) this.resolveDeferredLocs(op);
    return ops;
  }

  private resolveDeferredLocs(root: Operation): void {
    const resolve = (loc: Location): Location => {
      if (!(loc instanceof DeferredLoc)) return loc;
      const a = this.attrAliases.get(loc.alias);
      if (!(a instanceof LocationAttr)) throw this.error(`undefined symbol alias id '${loc.alias}'`, loc.offset);
      return a.loc;
    };
    root.walk((op) => {
      op.loc = resolve(op.loc);
      for (const r of op.regions) for (const b of r.blocks) for (const arg of b.arguments) arg.loc = resolve(arg.loc);
    });
  }

  /**
   * `{-# dialect_resources: { builtin: { name: "0x..." } }, external_resources: {...} #-}`: the
   * builtin dialect's blobs go to the context's resources; external resources are skipped.
   */
  private parseFileMetadata(): void {
    const start = this.tok.start;
    this.advance();
    const entry = (each: (key: string, offset: number) => void) => {
      const offset = this.tok.start;
      const key = this.is(Tok.String) ? this.parseString() : this.parseKeyword(undefined, ' for file metadata key');
      this.expect(Tok.Colon, "':'");
      each(key, offset);
    };
    const dictionary = (each: (key: string, offset: number) => void) => this.parseCommaSeparated(Tok.LBrace, Tok.RBrace, () => entry(each));
    if (!this.is(Tok.FileMetadataEnd)) {
      this.parseCommaSeparated(undefined, undefined, () =>
        entry((section, offset) => {
          if (section === 'external_resources') return this.skipBalancedBraces(start);
          if (section !== 'dialect_resources') throw this.error(`unknown key '${section}' in file metadata dictionary`, offset);
          dictionary((dialect, at) => {
            if (dialect !== 'builtin' && !this.context.dialect(dialect)) throw this.error(`dialect '${dialect}' is unknown`, at);
            dictionary((name, entryAt) => {
              // Only the builtin dialect has resources (MLIR reports the first entry of another).
              if (dialect !== 'builtin') throw this.error(`unexpected 'resource' section for dialect '${dialect}'`, entryAt);
              const at = this.tok.start;
              const bad = this.context.resources.handle(name).setHex(this.is(Tok.String) ? this.parseString() : '');
              if (bad) throw this.error(`${bad} for key '${name}' to encode alignment in first 4 bytes`, at);
            });
          });
        }),
      );
    }
    if (!this.is(Tok.FileMetadataEnd)) throw this.error("expected '#-}' to close file metadata", start);
    this.advance();
  }

  /** Skips a `{ ... }` group, nested braces included. */
  private skipBalancedBraces(start: number): void {
    this.expect(Tok.LBrace);
    for (let depth = 1; depth > 0; this.advance()) {
      if (this.is(Tok.EOF) || this.is(Tok.FileMetadataEnd)) throw this.error("expected '#-}' to close file metadata", start);
      if (this.is(Tok.LBrace)) depth++;
      else if (this.is(Tok.RBrace)) depth--;
    }
  }

  /** `#name = attr` or `!name = type` at the top level. */
  private tryAliasDefinition(): boolean {
    const save = this.mark();
    const isType = this.is(Tok.BangId);
    const nameTok = this.take();
    const name = this.text(nameTok).slice(1);
    if (!this.is(Tok.Equal)) {
      this.restore(save);
      return false;
    }
    if (name.includes('.')) throw this.error('expected attribute alias identifier without a dialect prefix', nameTok.start);
    this.advance();
    if (isType) {
      if (this.typeAliases.has(name)) throw this.error(`redefinition of type alias id '${name}'`, nameTok.start);
      this.typeAliases.set(name, this.parseType());
    } else {
      if (this.attrAliases.has(name)) throw this.error(`redefinition of attribute alias id '${name}'`, nameTok.start);
      const value = this.isKeyword('loc') ? LocationAttr.get(this.parseLocation()) : this.parseAttribute();
      this.attrAliases.set(name, value);
    }
    return true;
  }
}
