/**
 * Dialect resources (MLIR's DialectResourceBlobManager for the builtin dialect): named blobs of
 * bytes that `dense_resource<name>` attributes refer to, given in the file's trailing
 * `{-# dialect_resources: { builtin: { name: "0x..." } } #-}` section. A handle exists before its
 * data (the section comes after the IR that names it); `__elided__` names a blob left out.
 */

let nextHandleId = 1;

export class ResourceHandle {
  readonly id = nextHandleId++;
  /** The blob's bytes (without the alignment header), once the resource section gave them. */
  data: Uint8Array | undefined;
  /** Alignment of the blob in bytes, from the header of its hex form. */
  alignment = 1;
  constructor(readonly name: string) {}

  /** `0x` + the alignment as 4 little-endian bytes + the data, upper-case hex, as MLIR prints blobs. */
  toHex(): string {
    const header = new Uint8Array(4);
    new DataView(header.buffer).setUint32(0, this.alignment, true);
    const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).toUpperCase().padStart(2, '0')).join('');
    return '0x' + hex(header) + hex(this.data ?? new Uint8Array());
  }

  /** Sets the blob from its hex form; returns a message when the text is no hex blob. */
  setHex(text: string): string | undefined {
    if (!/^0x([0-9a-fA-F]{2})*$/.test(text) || text.length < 10) return 'expected hex string blob';
    const bytes = new Uint8Array((text.length - 2) / 2);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(text.slice(2 + 2 * i, 4 + 2 * i), 16);
    this.alignment = new DataView(bytes.buffer).getUint32(0, true);
    this.data = bytes.slice(4);
    return undefined;
  }
}

/** The builtin dialect's resources of one context, by name. */
export class ResourceTable {
  private readonly handles = new Map<string, ResourceHandle>();
  /** The handle named `name`, created on first use. */
  handle(name: string): ResourceHandle {
    let h = this.handles.get(name);
    if (!h) this.handles.set(name, (h = new ResourceHandle(name)));
    return h;
  }
}

/** A resource name as printed: bare when an identifier, else quoted. */
export function resourceKey(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_$.]*$/.test(name) ? name : JSON.stringify(name);
}
