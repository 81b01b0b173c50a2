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
  for (const ch of Buffer.from(s, 'utf8')) {
    if (ch === 0x22) out += '\\"';
    else if (ch === 0x5c) out += '\\\\';
    else if (ch >= 0x20 && ch < 0x7f) out += String.fromCharCode(ch);
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

export class FileLineColLoc extends Location {
  private constructor(readonly file: string, readonly line: number, readonly col: number) {
    super();
  }
  static get(file: string, line: number, col: number): FileLineColLoc {
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
  private constructor(readonly name: string, readonly child: Location | undefined) {
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
  private constructor(readonly callee: Location, readonly caller: Location) {
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
  private constructor(readonly locations: readonly Location[], readonly metadata: string | undefined) {
    super();
  }
  static get(locations: readonly Location[], metadata?: string): FusedLoc {
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
