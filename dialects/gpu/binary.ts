/**
 * gpu.binary (MLIR 19): a symbol holding compiled GPU objects, `#gpu.object<target, ...>`, with the
 * offloading handler that picks one (`#gpu.select_object<...>`, also on gpu.module). The targets
 * (`#nvvm.target`, ...) belong to dialects we do not have and stay opaque attributes.
 */
import { ArrayAttr, DialectAttr, DictionaryAttr, IntegerAttr, OpaqueDialectAttr, StringAttr, uniqueDialectAttr, type Attribute } from '../../core/ir/attributes.js';
import { attrConstraint, optionalAttr, required } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import { Symbol as SymbolTrait } from '../../core/ir/traits.js';
import type { AttrTypeWriter } from '../../core/ir/writer.js';
import type { CustomDirective } from '../../core/syntax/format-base.js';
import { Tok, type Parser } from '../../core/syntax/parser.js';
import { SymbolNameAttr } from '../builtin/index.js';

/** A GPU target attribute of MLIR 19 (GPUTargetAttrInterface): #nvvm.target, #rocdl.target, #spirv.target_env. */
export function isGpuTarget(a: Attribute): boolean {
  return (
    a instanceof OpaqueDialectAttr &&
    ((a.dialect === 'nvvm' && a.mnemonic === 'target') || (a.dialect === 'rocdl' && a.mnemonic === 'target') || (a.dialect === 'spirv' && a.mnemonic === 'target_env'))
  );
}

/** `#gpu.select_object` (the first object) or `#gpu.select_object<1 : i64>` / `<#nvvm.target>`. */
export class SelectObjectAttr extends DialectAttr {
  readonly dialect = 'gpu';
  readonly mnemonic = 'select_object';
  private constructor(readonly target: Attribute | undefined) {
    super();
  }
  static get(target?: Attribute): SelectObjectAttr {
    return uniqueDialectAttr(`gpu.select_object:${target?.id ?? ''}`, () => new SelectObjectAttr(target));
  }
  printBody(w: AttrTypeWriter): void {
    if (!this.target) return;
    w.write('<');
    w.attr(this.target);
    w.write('>');
  }
}

export const OBJECT_FORMATS = ['offload', 'assembly', 'bin', 'fatbin'] as const;
export type ObjectFormat = (typeof OBJECT_FORMATS)[number];

/** `#gpu.object<#nvvm.target, properties = {...}, bin = "...">` (fatbin, the default, has no keyword). */
export class ObjectAttr extends DialectAttr {
  readonly dialect = 'gpu';
  readonly mnemonic = 'object';
  private constructor(
    readonly target: Attribute,
    readonly format: ObjectFormat,
    readonly object: StringAttr,
    readonly properties: DictionaryAttr | undefined,
  ) {
    super();
  }
  static get(target: Attribute, format: ObjectFormat, object: StringAttr, properties?: DictionaryAttr): ObjectAttr {
    return uniqueDialectAttr(`gpu.object:${target.id}:${format}:${object.id}:${properties?.id ?? ''}`, () => new ObjectAttr(target, format, object, properties));
  }
  printBody(w: AttrTypeWriter): void {
    w.write('<');
    w.attr(this.target);
    w.write(', ');
    if (this.properties) {
      w.write('properties = ');
      w.attr(this.properties);
      w.write(', ');
    }
    if (this.format !== 'fatbin') w.write(`${this.format} = `);
    w.attr(this.object);
    w.write('>');
  }
}

export function parseSelectObjectBody(parser: Parser): SelectObjectAttr {
  if (!parser.consumeIf(Tok.Less)) return SelectObjectAttr.get();
  const offset = parser.offset;
  const target = parser.parseAttribute();
  if (!(target instanceof IntegerAttr) && !isGpuTarget(target)) throw parser.emitError('the target attribute must be a GPU Target attribute', offset);
  parser.expect(Tok.Greater, "'>'");
  return SelectObjectAttr.get(target);
}

export function parseObjectBody(parser: Parser): ObjectAttr {
  parser.expect(Tok.Less, "'<'");
  const offset = parser.offset;
  const target = parser.parseAttribute();
  if (!isGpuTarget(target)) throw parser.emitError('the target attribute must implement or promise the `gpu::TargetAttrInterface`', offset);
  parser.expect(Tok.Comma, "','");
  let properties: DictionaryAttr | undefined;
  if (parser.parseOptionalKeyword('properties') !== undefined) {
    parser.expect(Tok.Equal, "'='");
    properties = DictionaryAttr.get(parser.parseAttributeDict());
    parser.expect(Tok.Comma, "','");
  }
  let format: ObjectFormat = 'fatbin';
  if (parser.isKeyword()) {
    const kwOffset = parser.offset;
    const kw = parser.parseKeyword();
    if (!(OBJECT_FORMATS as readonly string[]).includes(kw)) throw parser.emitError('invalid format', kwOffset);
    format = kw as ObjectFormat;
    parser.expect(Tok.Equal, "'='");
  }
  const object = StringAttr.get(parser.parseString());
  parser.expect(Tok.Greater, "'>'");
  return ObjectAttr.get(target, format, object, properties);
}

const OBJECTS_DESCRIPTION = 'an array of GPU object attributes with at least 1 elements';
/** Any array when parsed (as MLIR's format); the verifier checks its size and elements. */
const ObjectArrayAttr = attrConstraint(OBJECTS_DESCRIPTION, (a: Attribute): a is ArrayAttr => a instanceof ArrayAttr);
const OffloadingHandlerAttr = attrConstraint('any attribute with the `OffloadingTranslationAttrTrait` trait.', (a: Attribute): a is SelectObjectAttr => a instanceof SelectObjectAttr);

/** MLIR's custom<OffloadingHandler>: `<handler>` unless it is the default `#gpu.select_object`. */
const OffloadingHandler: CustomDirective = {
  print(p, _op, [handler]) {
    if (handler === undefined || handler === SelectObjectAttr.get()) return;
    p.write('<');
    p.printAttribute(handler as Attribute);
    p.write('>');
  },
  parse(parser) {
    if (!parser.consumeIf(Tok.Less)) return [SelectObjectAttr.get()];
    const a = parser.parseAttribute();
    parser.expect(Tok.Greater, "'>'");
    return [a];
  },
};

export const BinaryOp = defineOp({
  name: 'gpu.binary',
  summary: 'An Op for storing serialized GPU binary objects.',
  attributes: { sym_name: required(SymbolNameAttr), offloadingHandler: optionalAttr(OffloadingHandlerAttr), objects: required(ObjectArrayAttr) },
  traits: [SymbolTrait],
  customDirectives: { OffloadingHandler },
  assemblyFormat: '$sym_name custom<OffloadingHandler>($offloadingHandler) attr-dict $objects',
  verify(op) {
    const objects = op.getAttr('objects') as ArrayAttr;
    if (objects.elements.length === 0 || !objects.elements.every((e) => e instanceof ObjectAttr)) return `attribute 'objects' failed to satisfy constraint: ${OBJECTS_DESCRIPTION}`;
    return undefined;
  },
});
