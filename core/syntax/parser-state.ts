import { AttrMap } from '../ir/attr-map.js';
import type { Attribute } from '../ir/attributes.js';
import type { Block } from '../ir/block.js';
import type { Location } from '../ir/location.js';
import type { OpDefinition } from '../ir/op-definition.js';
import type { Region } from '../ir/region.js';
import type { Type } from '../ir/types.js';
import type { Value } from '../ir/value.js';

/** A use of an SSA name not yet bound to a type: `%x`, `%x#2`. */
export interface UnresolvedOperand {
  readonly name: string;
  readonly number: number;
  readonly loc: Location;
  readonly offset: number;
}

/** A region entry argument being declared: `%arg0: i32 loc(...)`. */
export interface RegionArgument {
  readonly operand: UnresolvedOperand;
  type: Type;
  loc?: Location;
  attrs?: Attribute | undefined;
}

/**
 * What a custom parser fills in; becomes the OperationState. The maps and lists are created on
 * first use: most ops have no attributes, regions or successors. The maps are AttrMaps, which the
 * op takes over.
 */
export class ParseState {
  private ownOperands: Value[] | undefined;
  private ownTypes: Type[] | undefined;
  private ownProperties: Map<string, Attribute> | undefined;
  private ownAttributes: Map<string, Attribute> | undefined;
  private ownRegions: Region[] | undefined;
  private ownSuccessors: Block[] | undefined;
  constructor(
    readonly name: string,
    readonly definition: OpDefinition | undefined,
    readonly loc: Location,
    readonly numResults: number,
  ) {}

  get operands(): Value[] {
    return (this.ownOperands ??= []);
  }
  /** Result types. */
  get types(): Type[] {
    return (this.ownTypes ??= []);
  }
  get properties(): Map<string, Attribute> {
    return (this.ownProperties ??= new AttrMap());
  }
  get attributes(): Map<string, Attribute> {
    return (this.ownAttributes ??= new AttrMap());
  }
  /**
   * Add `values` to the operands; the list is kept, not copied, when there are none yet (the
   * caller drops it). Exactly sized lists cost less than ones grown by `push`.
   */
  addOperands(values: Value[]): void {
    if (this.ownOperands?.length) for (const v of values) this.ownOperands.push(v);
    else this.ownOperands = values;
  }
  /** `addOperands` for result types. */
  addTypes(types: Type[]): void {
    if (this.ownTypes?.length) for (const t of types) this.ownTypes.push(t);
    else this.ownTypes = types;
  }
  get operandsIfAny(): Value[] | undefined {
    return this.ownOperands;
  }
  get typesIfAny(): Type[] | undefined {
    return this.ownTypes;
  }
  get regions(): Region[] {
    return (this.ownRegions ??= []);
  }
  get successors(): Block[] {
    return (this.ownSuccessors ??= []);
  }
  /** The maps and lists above without creating them (undefined: never used). */
  get propertiesIfAny(): Map<string, Attribute> | undefined {
    return this.ownProperties;
  }
  get attributesIfAny(): Map<string, Attribute> | undefined {
    return this.ownAttributes;
  }
  get regionsIfAny(): Region[] | undefined {
    return this.ownRegions;
  }
  get successorsIfAny(): Block[] | undefined {
    return this.ownSuccessors;
  }

  /** Inherent attributes go to properties, others stay discardable (MLIR's behaviour for custom parsers). */
  addAttribute(name: string, value: Attribute): void {
    if (this.definition?.isInherentAttr(name)) this.properties.set(name, value);
    else this.attributes.set(name, value);
  }
  getAttr(name: string): Attribute | undefined {
    return this.ownProperties?.get(name) ?? this.ownAttributes?.get(name);
  }
}
