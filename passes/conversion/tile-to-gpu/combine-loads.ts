/**
 * Combines scalar loads of consecutive workgroup-memory words into one `vector.load` of
 * VECTOR_WIDTH (LLVM's LoadStoreVectorizer, on the lowered kernel): four `memref.load`s in one
 * block, with no store, barrier or region between them, whose indices differ only in the last,
 * by 0..3 from a multiple of 4. This is how a dot reads its left operand from a column-major
 * buffer: the lowering reads one element per row at a k, and the rows of a thread are consecutive
 * words once the layout is applied.
 */
import type { Block } from '../../../core/ir/block.js';
import type { Operation } from '../../../core/ir/operation.js';
import type { MemRefType } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import { constantInt } from '../../../core/rewrite/folder.js';
import type { ArithBuilder } from '../../../dialects/arith/builder.js';
import { effectsRecursively } from '../../analysis/side-effects.js';
import { isWorkgroup } from '../memory-access.js';
import { loadVector, VECTOR_WIDTH, vectorizable } from '../vector-access.js';

/** An index as base + constant offset (base absent: a constant). */
interface Linear {
  readonly base: Value | undefined;
  readonly offset: number;
}

function constantNumber(v: Value): number | undefined {
  const n = constantInt(v);
  return n === undefined ? undefined : Number(n);
}

function linear(v: Value): Linear {
  const c = constantNumber(v);
  if (c !== undefined) return { base: undefined, offset: c };
  const def = v.definingOp;
  if (def?.name === 'arith.addi') {
    const [l, r] = [linear(def.operand(0)), linear(def.operand(1))];
    if (!l.base || !r.base) return { base: l.base ?? r.base, offset: l.offset + r.offset };
  }
  return { base: v, offset: 0 };
}

const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));

/** A number the value is known to be a multiple of (1 when nothing is known; 0 for the constant 0). */
function knownMultiple(v: Value, depth = 0): number {
  const c = constantNumber(v);
  if (c !== undefined) return Math.abs(c);
  const def = v.definingOp;
  if (!def || depth > 8) return 1;
  const [a, b] = def.numOperands === 2 ? [knownMultiple(def.operand(0), depth + 1), knownMultiple(def.operand(1), depth + 1)] : [1, 1];
  if (def.name === 'arith.muli') return a * b;
  if (def.name === 'arith.addi') return gcd(a, b);
  return 1;
}

const sameIndex = (x: Linear, y: Linear): boolean => x.base === y.base && x.offset === y.offset;

interface Candidate {
  readonly load: Operation;
  readonly leading: Linear[];
  readonly last: Linear;
}

/** Whether an op ends a run of combinable loads: it has regions, or may do more than read memory (write, synchronize, or undeclared). */
const endsRun = (op: Operation): boolean => op.regions.length > 0 || (effectsRecursively(op)?.some((e) => e !== 'read') ?? true);

export function combineWorkgroupLoads(kernel: Operation, b: ArithBuilder): void {
  const blocks: Block[] = [];
  kernel.walk((op) => void op.regions.forEach((r) => r.blocks.forEach((bl) => blocks.push(bl))));
  for (const block of blocks) combineInBlock(block, b);
}

function combineInBlock(block: Block, b: ArithBuilder): void {
  let run: Candidate[] = [];
  const flush = () => {
    combineRun(run, b);
    run = [];
  };
  for (const op of [...block.ops]) {
    if (op.name === 'memref.load') {
      const memref = op.operand(0);
      const type = memref.type as MemRefType;
      if (isWorkgroup(type) && vectorizable(memref, VECTOR_WIDTH)) {
        const indices = op.operands.slice(1).map(linear);
        run.push({ load: op, leading: indices.slice(0, -1), last: indices.at(-1)! });
      }
      continue;
    }
    if (endsRun(op)) flush();
  }
  flush();
}

function combineRun(run: readonly Candidate[], b: ArithBuilder): void {
  const done = new Set<Operation>();
  for (const first of run) {
    if (done.has(first.load)) continue;
    const { base, offset } = first.last;
    const start = offset - (((offset % VECTOR_WIDTH) + VECTOR_WIDTH) % VECTOR_WIDTH);
    if (base && knownMultiple(base) % VECTOR_WIDTH !== 0) continue;
    const lanes: (Candidate | undefined)[] = Array.from({ length: VECTOR_WIDTH }, (_, k) =>
      run.find(
        (c) =>
          !done.has(c.load) &&
          c.load.operand(0) === first.load.operand(0) &&
          c.last.base === base &&
          c.last.offset === start + k &&
          c.leading.length === first.leading.length &&
          c.leading.every((l, i) => sameIndex(l, first.leading[i]!)),
      ),
    );
    if (lanes.some((c) => !c)) continue;
    const earliest = run.find((c) => lanes.includes(c))!.load;
    b.setInsertionPointBefore(earliest);
    b.loc = earliest.loc;
    const lastIndex = base ? (start === 0 ? base : b.add(base, b.constant(base.type, start))) : b.constant(earliest.operand(earliest.numOperands - 1).type, start);
    const values = loadVector(b, earliest.operand(0), [...earliest.operands.slice(1, -1), lastIndex]);
    lanes.forEach((c, k) => {
      c!.load.results[0]!.replaceAllUsesWith(values[k]!);
      c!.load.erase();
      done.add(c!.load);
    });
  }
}
