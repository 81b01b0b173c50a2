import { DialectAttr, EnumDialectAttr, uniqueDialectAttr, type Attribute } from '../../core/ir/attributes.js';
import { attrConstraint } from '../../core/ir/constraints.js';
import { SimpleDialectType, type Type } from '../../core/ir/types.js';
import type { AttrTypeWriter } from '../../core/ir/writer.js';
import { parseAngledEnumKeyword, parseEnumKeyword } from '../../core/syntax/enum-keyword.js';
import { Tok, type Parser } from '../../core/syntax/parser.js';
import { parseAllReduceOperationKeyword } from './all-reduce.js';
import { GpuEnumAttr } from './enum-attr.js';
import { parseObjectBody, parseSelectObjectBody } from './binary.js';
import { parseMMAMatrixBody } from './mma.js';

export const DIMENSIONS = ['x', 'y', 'z'] as const;
export type Dimension = (typeof DIMENSIONS)[number];
export const ADDRESS_SPACES = ['global', 'workgroup', 'private'] as const;
export type AddressSpace = (typeof ADDRESS_SPACES)[number];

/** `#gpu<dim x>` */
export class DimensionAttr extends GpuEnumAttr<Dimension> {
  readonly mnemonic = 'dim';
  static get(value: Dimension): DimensionAttr {
    return uniqueDialectAttr(`gpu.dim:${value}`, () => new DimensionAttr(value));
  }
}

export const SHUFFLE_MODES = ['xor', 'up', 'down', 'idx'] as const;
export type ShuffleMode = (typeof SHUFFLE_MODES)[number];

/** `#gpu<shuffle_mode xor>`: how gpu.shuffle picks the lane it reads from. */
export class ShuffleModeAttr extends GpuEnumAttr<ShuffleMode> {
  readonly mnemonic = 'shuffle_mode';
  static get(value: ShuffleMode): ShuffleModeAttr {
    return uniqueDialectAttr(`gpu.shuffle_mode:${value}`, () => new ShuffleModeAttr(value));
  }
}

export function parseShuffleModeKeyword(parser: Parser, inOp = false): ShuffleModeAttr {
  return ShuffleModeAttr.get(parseEnumKeyword(parser, SHUFFLE_MODES, '::mlir::gpu::ShuffleMode', inOp));
}

/** `#gpu.address_space<workgroup>` */
export class AddressSpaceAttr extends EnumDialectAttr<AddressSpace> {
  readonly dialect = 'gpu';
  readonly mnemonic = 'address_space';
  static get(value: AddressSpace): AddressSpaceAttr {
    return uniqueDialectAttr(`gpu.address_space:${value}`, () => new AddressSpaceAttr(value));
  }
}

export const MAPPING_IDS = ['x', 'y', 'z', ...Array.from({ length: 10 }, (_, i) => `linear_dim_${i}`)] as const;
export const MAPPING_KINDS = ['block', 'warpgroup', 'warp', 'thread'] as const;
export type MappingKind = (typeof MAPPING_KINDS)[number];

/**
 * `#gpu.thread<x>`, `#gpu.block<linear_dim_0>`...: how a loop dimension (of scf.forall) is
 * mapped to the processors of a GPU (MLIR's DeviceMappingAttrInterface; `deviceMapping` marks it).
 */
export class MappingAttr extends DialectAttr {
  readonly dialect = 'gpu';
  readonly deviceMapping = true;
  private constructor(
    readonly mnemonic: MappingKind | 'memory_space',
    readonly value: string,
  ) {
    super();
  }
  static get(mnemonic: MappingKind | 'memory_space', value: string): MappingAttr {
    return uniqueDialectAttr(`gpu.${mnemonic}:${value}`, () => new MappingAttr(mnemonic, value));
  }
  printBody(w: AttrTypeWriter): void {
    w.write(`<${this.value}>`);
  }
}

function parseMappingBody(parser: Parser, mnemonic: MappingKind | 'memory_space'): MappingAttr {
  parser.expect(Tok.Less, "'<'");
  const v = mnemonic === 'memory_space' ? parseEnumKeyword(parser, ADDRESS_SPACES, '::mlir::gpu::AddressSpace') : parseEnumKeyword(parser, MAPPING_IDS, '::mlir::gpu::MappingId');
  parser.expect(Tok.Greater, "'>'");
  return MappingAttr.get(mnemonic, v);
}

/** `!gpu.async.token` */
export const AsyncTokenType = {
  get: (): SimpleDialectType => SimpleDialectType.get('gpu', 'async.token'),
  isa: (t: Type): boolean => t === SimpleDialectType.get('gpu', 'async.token'),
};

export function parseDimensionKeyword(parser: Parser, inOp = false): DimensionAttr {
  return DimensionAttr.get(parseEnumKeyword(parser, DIMENSIONS, '::mlir::gpu::Dimension', inOp));
}

function parseAddressSpaceBody(parser: Parser): AddressSpaceAttr {
  return AddressSpaceAttr.get(parseAngledEnumKeyword(parser, ADDRESS_SPACES, '::mlir::gpu::AddressSpace'));
}

/** The dialect's attribute hook: `#gpu<dim x>`, `#gpu<address_space<..>>`, `#gpu.address_space<..>`. */
export function parseGpuAttribute(parser: Parser, mnemonic: string): Attribute {
  if (mnemonic === '') {
    parser.expect(Tok.Less, "'<'");
    const offset = parser.offset;
    const kw = parser.isKeyword() ? parser.parseKeyword() : '';
    let a: Attribute;
    if (kw === 'dim') a = parseDimensionKeyword(parser);
    else if (kw === 'address_space') a = parseAddressSpaceBody(parser);
    else if (kw === 'all_reduce_op') a = parseAllReduceOperationKeyword(parser);
    else if (kw === 'shuffle_mode') a = parseShuffleModeKeyword(parser);
    else throw parser.emitError(`unknown attribute \`${kw}\` in dialect \`gpu\``, offset);
    parser.expect(Tok.Greater, "'>'");
    return a;
  }
  if (mnemonic === 'address_space') return parseAddressSpaceBody(parser);
  if (mnemonic === 'select_object') return parseSelectObjectBody(parser);
  if (mnemonic === 'object') return parseObjectBody(parser);
  if ((MAPPING_KINDS as readonly string[]).includes(mnemonic) || mnemonic === 'memory_space') return parseMappingBody(parser, mnemonic as MappingKind);
  if (mnemonic === 'dim') {
    throw parser.emitError('expected valid keyword');
  }
  throw parser.emitError(`unknown attribute \`${mnemonic}\` in dialect \`gpu\``, parser.offset - mnemonic.length);
}

export function parseGpuType(parser: Parser, mnemonic: string): Type {
  if (mnemonic === 'async.token') return AsyncTokenType.get();
  if (mnemonic === 'mma_matrix') return parseMMAMatrixBody(parser, parser.offset - mnemonic.length);
  throw parser.emitError(`unknown gpu type: ${mnemonic}`, parser.offset - mnemonic.length);
}

export const DimensionAttrConstraint = attrConstraint("a dimension, either 'x', 'y', or 'z'", (a: Attribute): a is DimensionAttr => a instanceof DimensionAttr);
