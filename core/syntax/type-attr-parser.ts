/**
 * The parser of MLIR's locations (`loc(...)`: unknown, file:line:col, names, call sites, fused,
 * aliases defined later in the file) and the class that completes the parsers of types,
 * attributes and locations, TypeAttrParser, which the operation parser (parser.ts) extends.
 */
import { Attribute } from '../ir/attributes.js';
import { CallSiteLoc, FileLineColLoc, FusedLoc, Location, NameLoc, UnknownLoc } from '../ir/location.js';
import { AttributeParser } from './attribute-parser.js';
import { decodeStringToken, Tok } from './lexer.js';

/** Parses MLIR's builtin types, attributes and locations, plus dialect ones through dialect hooks. */
export class TypeAttrParser extends AttributeParser {
  /** Uses of location aliases not defined yet; resolved once the whole file is read. */
  protected readonly deferredLocs: DeferredLoc[] = [];

  /** `loc(...)` with the `loc` keyword already current. */
  parseLocation(): Location {
    this.expectKeyword('loc');
    this.expect(Tok.LParen, "'(' in location");
    const loc = this.parseLocationInstance();
    this.expect(Tok.RParen, "')' in location");
    return loc;
  }

  parseOptionalTrailingLocation(): Location | undefined {
    return this.isKeyword('loc') ? this.parseLocation() : undefined;
  }

  /** A FileLineColLoc's line or column: an integer token that fits in 32 bits unsigned, as MLIR's. */
  private parseLocationNumber(what: 'line' | 'column'): number {
    const v = this.is(Tok.Integer) ? BigInt(this.tokenText) : undefined;
    if (v === undefined || v > 0xffffffffn) throw this.expectedError(`expected integer ${what} number in FileLineColLoc`);
    this.advance();
    return Number(v);
  }

  private parseLocationInstance(): Location {
    return this.nested(() => {
      if (this.is(Tok.HashId)) {
        const start = this.tok.start;
        const name = this.tokenText.slice(1);
        this.advance();
        const a = this.attrAliases.get(name);
        if (a === undefined) {
          // Location aliases are usually defined at the end of the file (mlir-opt prints them there).
          const pending = new DeferredLoc(name, start);
          this.deferredLocs.push(pending);
          return pending;
        }
        if (!(a instanceof LocationAttr)) throw this.error(`expected location, but found '#${name}'`, start);
        return a.loc;
      }
      if (this.is(Tok.String)) {
        const s = decodeStringToken(this.takeText());
        if (this.consumeIf(Tok.Colon)) {
          const line = this.parseLocationNumber('line');
          this.expect(Tok.Colon, "':' in FileLineColLoc");
          const col = this.parseLocationNumber('column');
          return FileLineColLoc.get(s, line, col);
        }
        if (this.consumeIf(Tok.LParen)) {
          const child = this.parseLocationInstance();
          this.expect(Tok.RParen, "')' after child location of NameLoc");
          return NameLoc.get(s, child);
        }
        return NameLoc.get(s);
      }
      // As MLIR: anything else is reported (unconsumed) right after the previous token.
      const word = this.is(Tok.BareId) ? this.tokenText : '';
      if (word !== 'unknown' && word !== 'callsite' && word !== 'fused') throw this.expectedError('expected location instance');
      this.advance();
      if (word === 'unknown') return UnknownLoc.get();
      if (word === 'callsite') {
        this.expect(Tok.LParen, "'(' in callsite location");
        const callee = this.parseLocationInstance();
        this.expectKeyword('at', "'at' in callsite location");
        const caller = this.parseLocationInstance();
        this.expect(Tok.RParen, "')' in callsite location");
        return CallSiteLoc.get(callee, caller);
      }
      if (word === 'fused') {
        let meta: string | undefined;
        if (this.consumeIf(Tok.Less)) {
          meta = this.parseAttribute().toString();
          this.expect(Tok.Greater, "'>' after fused location metadata");
        }
        const locs: Location[] = [];
        this.parseCommaSeparated(Tok.LSquare, Tok.RSquare, () => locs.push(this.parseLocationInstance()), ' in fused location');
        return FusedLoc.get(locs, meta);
      }
      throw this.error('expected location instance');
    });
  }
}

/** A use of a location alias before its definition (`loc(#loc3)` with `#loc3` defined later). */
export class DeferredLoc extends Location {
  constructor(
    readonly alias: string,
    readonly offset: number,
  ) {
    super();
  }
  toString(): string {
    return `#${this.alias}`;
  }
  fileLineCol(): undefined {
    return undefined;
  }
}

/** A location used as an attribute value (e.g. an alias `#loc = loc(...)`). */
export class LocationAttr extends Attribute {
  private static readonly table = new Map<Location, LocationAttr>();
  private constructor(readonly loc: Location) {
    super();
  }
  static get(loc: Location): LocationAttr {
    let a = LocationAttr.table.get(loc);
    if (!a) LocationAttr.table.set(loc, (a = new LocationAttr(loc)));
    return a;
  }
  print(w: { write(s: string): void }): void {
    w.write(`loc(${this.loc})`);
  }
}
