/**
 * The register tiles of a fused program at one block of its iteration space: [R, C] tiles of
 * full values at (row0, col0) (and the leading offsets), [R] tiles of per-row values. Values are
 * built on demand, once per block: a map's result from its inputs' tiles (the map body on tiles),
 * a buffer from outside by a masked tile.load of its projection broadcast to the tile, a per-row
 * value from the row values computed so far.
 */
import { IntegerAttr, UnitAttr, type Attribute } from '../../../core/ir/attributes.js';
import type { Operation } from '../../../core/ir/operation.js';
import { constantValue } from '../../../core/rewrite/folder.js';
import { IntegerType, type MemRefType, RankedTensorType, type Type } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import { LoadOp as MemLoadOp } from '../../../dialects/memref/index.js';
import { combinerOpName, IotaOp, LoadOp, reductionIdentityAttr, SplatOp, StoreOp, VECTOR_EDGES_ATTR } from '../../../dialects/tile/index.js';
import type { Def, FusedProgram, ProgramOp, Read } from './fused-program.js';
import { reductionKind } from './fused-program.js';
import type { IndexBuilder } from './index-builder.js';
import { TileOps } from './tile-ops.js';
import { capturedTiles, denseConstant, emitTiledBody } from './map-body.js';

/** Values keyed by def: inputs by buffer, results by op and output. */
export class DefMap<T> {
  private readonly byKey = new Map<object, Map<number, T>>();
  private key(d: Def): [object, number] {
    return d.kind === 'input' ? [d.buffer, -1] : [d.op, d.index];
  }
  get(d: Def): T | undefined {
    const [k, i] = this.key(d);
    return this.byKey.get(k)?.get(i);
  }
  set(d: Def, v: T): void {
    const [k, i] = this.key(d);
    (this.byKey.get(k) ?? this.byKey.set(k, new Map()).get(k)!).set(i, v);
  }
}

/** Where a block lies: the offsets of the leading dimensions, of its rows and of its columns. */
export interface Placement {
  readonly lead: readonly Value[];
  readonly row0: Value;
  readonly col0: Value;
}

const elementOf = (v: Value): Type => (v.type as MemRefType).elementType;

/** The program op that makes `def`. */
export function producer(program: FusedProgram, def: Def): ProgramOp | undefined {
  return def.kind === 'result' ? program.ops.find((p) => p.op === def.op) : undefined;
}

const VECTOR_EDGES = { attributes: { [VECTOR_EDGES_ATTR]: UnitAttr.get() } };

export class BlockTiles {
  private readonly fulls = new DefMap<Value>();
  /** Tiles loaded from outside buffers, by buffer and projection. */
  private readonly loads = new Map<Value, Map<string, Value>>();
  private maskTile: Value | undefined;
  private readonly t: TileOps;

  constructor(
    private readonly b: IndexBuilder,
    private readonly program: FusedProgram,
    private readonly argOf: (v: Value) => Value,
    private readonly at: Placement,
    private readonly shape: readonly [number, number],
    /** Per-row values computed so far (shared by the blocks of one code path). */
    private readonly rows: DefMap<Value>,
    private readonly options: {
      /** Layout of the full tiles (a matmul accumulator's), if fixed. */
      readonly encoding?: Attribute;
      /** The extent of the rows, for masking reductions (the columns past it are not reduced). */
      readonly rowLength?: Value;
      /** Whether a reduction demanded in this block is computed in it (the whole row is this block). */
      readonly reduceInBlock?: boolean;
      /** The loop over column blocks this block is the body of: what does not vary with the block is built before it. */
      readonly loop?: Operation;
      /** Whether its loads and stores along the rows take vector edges (VECTOR_EDGES_ATTR). */
      readonly vectorEdges?: boolean;
    } = {},
  ) {
    this.t = new TileOps(b);
  }

  /** Runs `build` before the loop when the block is a loop body (its values must not depend on the block), else here. */
  private invariant<T>(build: () => T): T {
    const loop = this.options.loop;
    if (!loop) return build();
    const loc = this.b.loc;
    return this.b.atInsertionPoint({ block: loop.parent!, before: loop }, () => {
      this.b.loc = loc;
      return build();
    });
  }

  private fullType(elem: Type): RankedTensorType {
    return RankedTensorType.get(this.shape, elem, this.options.encoding);
  }
  private rowType(elem: Type): RankedTensorType {
    return RankedTensorType.get([this.shape[0]], elem);
  }

  /** Seeds the tile of a def (a matmul's accumulator). */
  setFull(def: Def, tile: Value): void {
    this.fulls.set(def, tile);
  }

  /** The [R, C] tile of a full value. */
  full(def: Def): Value {
    const known = this.fulls.get(def);
    if (known) return known;
    const made = producer(this.program, def);
    if (!made) throw new Error('internal: a full value without a producer');
    this.evaluate(made);
    return this.fulls.get(def)!;
  }

  /** The [R] tile of a per-row value. */
  row(def: Def): Value {
    const known = this.rows.get(def);
    if (known) return known;
    const made = producer(this.program, def);
    if (!made || (made.extent === 'full' && !this.options.reduceInBlock)) throw new Error('internal: a row value needed before it is computed');
    this.evaluate(made);
    return this.rows.get(def)!;
  }

  /** Computes a program op's results in this block. */
  evaluate(p: ProgramOp): void {
    this.b.loc = p.op.loc;
    if (p.op.name === 'tile.reduction') {
      const reduced = this.reduce(p.op, this.masked(this.read(p.reads[0]!, 'full'), reductionKind(p.op)));
      this.rows.set(p.defs[0]!, p.reads[1] ? this.combine(reductionKind(p.op), this.read(p.reads[1], 'row'), reduced) : reduced);
      return;
    }
    const shape = p.extent === 'full' ? this.shape : [this.shape[0]];
    const encoding = p.extent === 'full' ? this.options.encoding : undefined;
    const inputs = p.reads.map((r) => this.read(r, p.extent));
    const outside = capturedTiles(this.b, p.op, shape, this.argOf, encoding);
    const results = emitTiledBody(this.b, p.op, shape, inputs, outside, encoding);
    p.defs.forEach((d, i) => (p.extent === 'full' ? this.fulls : this.rows).set(d, results[i]!));
  }

  /** An input of an op whose iteration space is full rows or one value per row. */
  read(r: Read, extent: 'full' | 'row'): Value {
    const { def } = r;
    if (def.kind === 'result') {
      if (extent === 'row') return this.row(def);
      const made = producer(this.program, def)!;
      if (made.op.name !== 'tile.reduction' && made.extent === 'full') return this.full(def);
      // A per-row value is the same for every block of columns: broadcast once, before the loop.
      const row = this.row(def);
      return this.invariant(() => this.broadcast(row, [1]));
    }
    return this.load(def.buffer, r.kept, extent);
  }

  /**
   * A buffer from outside read through its projection `kept` of the iteration dimensions: a
   * masked tile.load of the dimensions of the block it keeps, broadcast along the others.
   */
  private load(buffer: Value, kept: readonly number[], extent: 'full' | 'row'): Value {
    const key = `${extent}:${kept.join(',')}`;
    const memo = this.loads.get(buffer) ?? this.loads.set(buffer, new Map()).get(buffer)!;
    const hit = memo.get(key);
    if (hit) return hit;
    const rank = this.program.rank;
    const { lead, row0, col0 } = this.at;
    const indices = kept.map((d) => (d < rank - 2 ? lead[d]! : d === rank - 2 ? row0 : col0));
    const tileDims = (extent === 'full' ? [rank - 2, rank - 1] : [rank - 2]).filter((d) => kept.includes(d));
    const elem = elementOf(buffer);
    const target = extent === 'full' ? this.fullType(elem) : this.rowType(elem);
    const memref = this.argOf(buffer);
    let tile: Value;
    if (tileDims.length === 0) {
      const scalar = this.b.build(MemLoadOp, { operands: { memref, indices }, resultTypes: [elem] }).result;
      tile = this.b.build(SplatOp, { operands: { input: scalar }, resultTypes: [target] }).result;
    } else {
      const tileShape = tileDims.map((d) => (d === rank - 2 ? this.shape[0] : this.shape[1]));
      const full = tileShape.length === target.rank;
      // Tiles along the rows (not a column of per-row values) take vector edges.
      const edges = this.options.vectorEdges && tileDims.includes(rank - 1) ? VECTOR_EDGES : {};
      const loaded = this.b.build(LoadOp, { operands: { source: memref, indices }, resultTypes: [full ? target : RankedTensorType.get(tileShape, elem)], ...edges }).result;
      const added = [rank - 2, rank - 1]
        .slice(0, target.rank)
        .map((d, i) => (tileDims.includes(d) ? -1 : i))
        .filter((i) => i >= 0);
      tile = full ? loaded : this.broadcast(loaded, added);
    }
    memo.set(key, tile);
    return tile;
  }

  private broadcast(source: Value, dims: readonly number[]): Value {
    return this.t.broadcast(source, dims, this.shape, this.options.encoding);
  }

  /** `tile.reduce <kind> %t axis 1`: [R, C] -> [R]. */
  reduce(op: Operation, tile: Value): Value {
    return this.t.reduce(reductionKind(op), tile);
  }

  /** x combined with y under a reduction kind, elementwise. */
  combine(kind: ReturnType<typeof reductionKind>, x: Value, y: Value): Value {
    return this.t.arith(combinerOpName(kind, (x.type as RankedTensorType).elementType)!, x, y);
  }

  /** The kind's identity as a tile of `tile`'s type. */
  identity(kind: ReturnType<typeof reductionKind>, type: RankedTensorType): Value {
    return denseConstant(this.b, type, reductionIdentityAttr(kind, type.elementType), this.b.loc);
  }

  /** `tile` with the columns past the rows' end replaced by the kind's identity. */
  masked(tile: Value, kind: ReturnType<typeof reductionKind>): Value {
    return this.select(this.validColumns(), tile, this.identity(kind, tile.type as RankedTensorType));
  }

  select(condition: Value, ifTrue: Value, ifFalse: Value): Value {
    return this.t.select(condition, ifTrue, ifFalse);
  }

  /** An elementwise arith or math op on tiles of one type. */
  arith(name: string, operands: readonly Value[]): Value {
    return this.t.arith(name, ...operands);
  }

  /** A per-row value broadcast along the row, to a full tile. */
  broadcastRow(row: Value): Value {
    return this.broadcast(row, [1]);
  }

  /** The i1 tile of the columns before the rows' end: col0 + (column index in the tile) < rowLength. */
  validColumns(): Value {
    if (this.maskTile) return this.maskTile;
    const ints = RankedTensorType.get(this.shape, IntegerType.get(32));
    const [iota, end] = this.invariant(() => [
      this.b.build(IotaOp, { attributes: { dimension: i64(1) }, resultTypes: [ints] }).result,
      this.t.splatIndex(this.options.rowLength!, this.shape),
    ]);
    const start = constantValue(this.at.col0);
    const column = start instanceof IntegerAttr && start.number === 0 ? iota! : this.t.arith('arith.addi', iota!, this.t.splatIndex(this.at.col0, this.shape));
    this.maskTile = this.t.cmpi('slt', column, end!);
    return this.maskTile;
  }

  /** Stores the tile of a def into its buffer: full values at the block, per-row values at its rows. */
  store(def: Def): void {
    const p = producer(this.program, def)!;
    this.b.loc = p.op.loc;
    const { lead, row0, col0 } = this.at;
    const rowValue = p.op.name === 'tile.reduction' || p.extent === 'row';
    const value = rowValue ? this.row(def) : this.full(def);
    const indices = rowValue ? [...lead, row0] : [...lead, row0, col0];
    const edges = this.options.vectorEdges && !rowValue ? VECTOR_EDGES : {};
    this.b.build(StoreOp, { operands: { value, dest: this.argOf(def.buffer), indices }, ...edges });
  }
}

const i64 = (n: number): IntegerAttr => IntegerAttr.get(IntegerType.get(64), n);
