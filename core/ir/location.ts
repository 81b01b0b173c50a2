import { encodeByteString } from '../support/utf8.js';
import { freshId, Uniquer } from './uniquer.js';

/** Source locations, as MLIR's builtin location attributes. */
export abstract class Location {
  readonly id = freshId();
  abstract toString(): string;
  /** The first file:line:col inside this location, used to point diagnostics at source text. */
  abstract fileLineCol(): FileLineColLoc | undefined;
}

const uniquer = new Uniquer<Location>();

export function quoteString(s: string): string {
  let out = '"';
  // As llvm::printEscapedString: printable ASCII but '"' as is, '\\' doubled, other bytes as \XX.
  for (const ch of encodeByteString(s)) {
    if (ch === 0x5c) out += '\\\\';
    else if (ch >= 0x20 && ch < 0x7f && ch !== 0x22) out += String.fromCharCode(ch);
    else out += '\\' + ch.toString(16).toUpperCase().padStart(2, '0');
  }
  return out + '"';
}

export class UnknownLoc extends Location {
  static get(): UnknownLoc {
    return uniquer.get('?', () => new UnknownLoc()) as UnknownLoc;
  }
  toString(): string {
    return 'unknown';
  }
  fileLineCol(): undefined {
    return undefined;
  }
}

/**
 * file -> line -> locations on that line (the one location, a short list, or a map by column once
 * a line has many), for non-negative integer positions; other positions go through `uniquer`.
 * Lines are an array index: the parser asks for one location per op, in increasing line order.
 */
type OnLine = FileLineColLoc | FileLineColLoc[] | Map<number, FileLineColLoc>;
const fileLineColTable = new Map<string, OnLine[]>();
/** The table of the file asked for last (consecutive lookups are almost always in one file). */
let lastFile: string | undefined;
let lastLines: OnLine[] = [];

export class FileLineColLoc extends Location {
  private constructor(
    readonly file: string,
    readonly line: number,
    readonly col: number,
  ) {
    super();
  }
  static get(file: string, line: number, col: number): FileLineColLoc {
    // Fast path (one per parsed op): no string key.
    if (Number.isInteger(line) && Number.isInteger(col) && line >= 0 && col >= 0 && line < 0x40000000) {
      let lines = lastLines;
      if (file !== lastFile) {
        lines = fileLineColTable.get(file) ?? [];
        if (lines.length === 0) fileLineColTable.set(file, lines);
        lastFile = file;
        lastLines = lines;
      }
      const onLine = lines[line];
      if (onLine instanceof FileLineColLoc) {
        if (onLine.col === col) return onLine;
        const loc = new FileLineColLoc(file, line, col);
        lines[line] = [onLine, loc];
        return loc;
      }
      if (onLine instanceof Map) {
        let loc = onLine.get(col);
        if (!loc) onLine.set(col, (loc = new FileLineColLoc(file, line, col)));
        return loc;
      }
      if (onLine) {
        for (const l of onLine) if (l.col === col) return l;
        const loc = new FileLineColLoc(file, line, col);
        if (onLine.length < 16) onLine.push(loc);
        else lines[line] = new Map([...onLine, loc].map((l) => [l.col, l]));
        return loc;
      }
      const loc = new FileLineColLoc(file, line, col);
      lines[line] = loc;
      return loc;
    }
    return uniquer.get(`F${file}\0${line}:${col}`, () => new FileLineColLoc(file, line, col)) as FileLineColLoc;
  }
  toString(): string {
    return `${quoteString(this.file)}:${this.line}:${this.col}`;
  }
  fileLineCol(): FileLineColLoc {
    return this;
  }
}

export class NameLoc extends Location {
  private constructor(
    readonly name: string,
    readonly child: Location | undefined,
  ) {
    super();
  }
  static get(name: string, child?: Location): NameLoc {
    return uniquer.get(`N${name}\0${child?.id ?? 0}`, () => new NameLoc(name, child)) as NameLoc;
  }
  toString(): string {
    const child = this.child && !(this.child instanceof UnknownLoc) ? `(${this.child})` : '';
    return quoteString(this.name) + child;
  }
  fileLineCol(): FileLineColLoc | undefined {
    return this.child?.fileLineCol();
  }
}

export class CallSiteLoc extends Location {
  private constructor(
    readonly callee: Location,
    readonly caller: Location,
  ) {
    super();
  }
  static get(callee: Location, caller: Location): CallSiteLoc {
    return uniquer.get(`C${callee.id}:${caller.id}`, () => new CallSiteLoc(callee, caller)) as CallSiteLoc;
  }
  toString(): string {
    return `callsite(${this.callee} at ${this.caller})`;
  }
  fileLineCol(): FileLineColLoc | undefined {
    return this.callee.fileLineCol() ?? this.caller.fileLineCol();
  }
}

export class FusedLoc extends Location {
  /** `metadata` is printed by the caller-supplied attribute printer, hence kept as text here. */
  private constructor(
    readonly locations: readonly Location[],
    readonly metadata: string | undefined,
  ) {
    super();
  }
  /**
   * The fusion of `locations` (MLIR's FusedLoc::get): fused locations with the same metadata are
   * flattened into it, unknown locations and repeats dropped. What is left may not need fusing:
   * a single location without metadata is that location, none is unknown.
   */
  static get(locations: readonly Location[], metadata?: string): Location {
    const kept: Location[] = [];
    const keep = (l: Location) => {
      if (!kept.includes(l)) kept.push(l);
    };
    for (const loc of locations) {
      if (loc instanceof FusedLoc && loc.metadata === metadata) loc.locations.forEach(keep);
      else if (!(loc instanceof UnknownLoc)) keep(loc);
    }
    if (kept.length === 0) return metadata === undefined ? UnknownLoc.get() : FusedLoc.unique([UnknownLoc.get()], metadata);
    if (kept.length === 1 && metadata === undefined) return kept[0]!;
    return FusedLoc.unique(kept, metadata);
  }
  private static unique(locations: readonly Location[], metadata: string | undefined): FusedLoc {
    const key = `U${locations.map((l) => l.id).join(',')}\0${metadata ?? ''}`;
    return uniquer.get(key, () => new FusedLoc(locations, metadata)) as FusedLoc;
  }
  toString(): string {
    const meta = this.metadata !== undefined ? `<${this.metadata}>` : '';
    return `fused${meta}[${this.locations.join(', ')}]`;
  }
  fileLineCol(): FileLineColLoc | undefined {
    for (const l of this.locations) {
      const flc = l.fileLineCol();
      if (flc) return flc;
    }
    return undefined;
  }
}
