import { DialectAttr } from '../../core/ir/attributes.js';
import type { AttrTypeWriter } from '../../core/ir/writer.js';

/**
 * A gpu enum attribute: MLIR prints it as `#gpu<mnemonic value>` (not in the `#gpu.mnemonic<...>`
 * pretty form), and bare where an op's format strips it.
 */
export abstract class GpuEnumAttr<T extends string> extends DialectAttr {
  readonly dialect = 'gpu';
  abstract override readonly mnemonic: string;
  protected constructor(readonly value: T) {
    super();
  }
  printBody(w: AttrTypeWriter): void {
    w.write(' ' + this.value);
  }
  override print(w: AttrTypeWriter): void {
    w.write(`#gpu<${this.mnemonic} ${this.value}>`);
  }
  override printStripped(w: AttrTypeWriter): void {
    w.write(this.value);
  }
}
