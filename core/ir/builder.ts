import type { Block } from './block.js';
import type { Context } from './dialect.js';
import { UnknownLoc, type Location } from './location.js';
import { buildState, type OpClass, type OpSpec, type BuildArgs, type OpView } from './op-definition.js';
import { Operation, type OperationState } from './operation.js';

/** Where new operations go: before `before` in `block`, or at its end. */
export interface InsertionPoint {
  readonly block: Block;
  readonly before: Operation | undefined;
}

/** Creates operations at an insertion point (MLIR's OpBuilder). */
export class Builder {
  insertionPoint: InsertionPoint | undefined;
  loc: Location = UnknownLoc.get();

  constructor(
    readonly context: Context,
    ip?: InsertionPoint,
  ) {
    this.insertionPoint = ip;
  }
  setInsertionPointToEnd(block: Block): void {
    this.insertionPoint = { block, before: undefined };
  }
  setInsertionPointToStart(block: Block): void {
    this.insertionPoint = { block, before: block.first };
  }
  setInsertionPointBefore(op: Operation): void {
    this.insertionPoint = { block: op.parent!, before: op };
  }
  setInsertionPointAfter(op: Operation): void {
    this.insertionPoint = { block: op.parent!, before: op.next };
  }
  /** Run `fn` with a temporary insertion point, restoring the previous one after. */
  atInsertionPoint<T>(ip: InsertionPoint, fn: () => T): T {
    const saved = this.insertionPoint;
    this.insertionPoint = ip;
    try {
      return fn();
    } finally {
      this.insertionPoint = saved;
    }
  }
  /** Insert an existing, detached op at the insertion point. */
  insert(op: Operation): Operation {
    if (this.insertionPoint) this.insertionPoint.block.insertBefore(op, this.insertionPoint.before);
    return op;
  }
  /** Create an op from a state and insert it; the definition is looked up when not given. */
  create(state: OperationState): Operation {
    const definition = state.definition ?? this.context.lookupOp(state.name);
    // Field by field rather than a spread: every state the Operation constructor gets from here has
    // one shape (a spread is a slow copy, and hands it each caller's shape).
    return this.insert(
      Operation.create({
        name: state.name,
        definition,
        operands: state.operands,
        resultTypes: state.resultTypes,
        properties: state.properties,
        attributes: state.attributes,
        successors: state.successors,
        regions: state.regions,
        loc: 'loc' in state ? state.loc : this.loc,
        adoptMaps: state.adoptMaps,
      }),
    );
  }
  /** Create a declared op from named arguments (as `cls.state(args)` reads them) and return its typed view. */
  build<S extends OpSpec>(cls: OpClass<S>, args: BuildArgs): OpView<S> {
    // The state is ours alone: the op may take over its attribute map.
    const state = buildState(cls.definition, args, true);
    if (!('loc' in args)) state.loc = this.loc;
    return cls.view(this.create(state));
  }
}
