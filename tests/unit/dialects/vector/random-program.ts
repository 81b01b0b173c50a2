// Random vector programs for the canonicalization meaning test (and for comparing our canonicalize
// with mlir-opt's): 1-D and 2-D float vectors, unit-dimension vectors, i32 vectors, constants,
// broadcasts, splats, inserts and extracts of elements and rows (static and dynamic positions),
// fma, reductions of every kind (one-element vectors included), loads and stores through memref casts.
import { randomDraws } from '../../../../testing/random.js';

/** The signature of `@f`; %i is in [0, 3] (an index of a dimension of 4), %j in [0, 2] (of 3). */
export const RANDOM_VECTOR_SIGNATURE =
  'func.func @f(%V: vector<4xf32>, %W: vector<3x4xf32>, %R: vector<1x4xf32>, %S: vector<1xf32>, %a: f32, %b: f32, %I: vector<4xi32>, %J: vector<1xi32>, %k: i32, %i: index, %j: index, %M: memref<16xf32>) -> (vector<4xf32>, vector<3x4xf32>, f32, f32, i32)';

const TYPES = {
  V4: 'vector<4xf32>',
  M: 'vector<3x4xf32>',
  R: 'vector<1x4xf32>',
  S: 'vector<1xf32>',
  F: 'f32',
  I4: 'vector<4xi32>',
  I1: 'vector<1xi32>',
  K: 'i32',
} as const;
type Kind = keyof typeof TYPES;

const CONSTANTS: Record<Kind, readonly string[]> = {
  V4: ['dense<1.0>', 'dense<0.0>', 'dense<[1.0, 2.0, 3.0, 4.0]>'],
  M: ['dense<2.5>', 'dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]>'],
  R: ['dense<-1.0>', 'dense<[[0.5, 1.5, 2.5, 3.5]]>'],
  S: ['dense<3.0>'],
  F: ['1.0', '2.5', '0.0', '-0.0'],
  I4: ['dense<5>', 'dense<[1, -2, 3, 4]>'],
  I1: ['dense<6>'],
  K: ['0', '1', '-1', '7'],
};

/** [source, result] of the broadcasts generated (n-D ones more often). */
const BROADCASTS: readonly (readonly [Kind, Kind])[] = [
  ['F', 'V4'],
  ['F', 'M'],
  ['F', 'R'],
  ['F', 'S'],
  ['V4', 'M'],
  ['V4', 'M'],
  ['R', 'M'],
  ['R', 'M'],
  ['R', 'M'],
  ['S', 'V4'],
  ['S', 'M'],
  ['S', 'M'],
  ['V4', 'V4'],
  ['K', 'I4'],
  ['K', 'I1'],
];
const SPLATS: readonly (readonly [Kind, Kind])[] = [
  ['F', 'V4'],
  ['F', 'M'],
  ['F', 'R'],
  ['K', 'I4'],
];

/** Positions in a dimension of 4 and of 3; unit dimensions take 0. */
const P4 = ['0', '1', '2', '3', '%i'];
const P3 = ['0', '1', '2', '%j'];
const P1 = ['0'];
/** [part, whole, positions per dimension] of the inserts and extracts generated. */
const PARTS: readonly (readonly [Kind, Kind, readonly (readonly string[])[]])[] = [
  ['F', 'V4', [P4]],
  ['F', 'M', [P3, P4]],
  ['V4', 'M', [P3]],
  ['V4', 'R', [P1]],
  ['F', 'R', [P1, P4]],
  ['F', 'S', [P1]],
  ['K', 'I4', [P4]],
  ['K', 'I1', [P1]],
];

const FLOAT_KINDS = ['add', 'mul', 'minnumf', 'maxnumf', 'minimumf', 'maximumf'];
const INT_KINDS = ['add', 'mul', 'minsi', 'maxsi', 'minui', 'maxui', 'and', 'or', 'xor'];

export function randomVectorProgram(seed: number): string {
  const { int, pick } = randomDraws(seed);
  let counter = 0;
  const fresh = () => `%v${counter++}`;
  const pools: Record<Kind, string[]> = { V4: ['%V'], M: ['%W'], R: ['%R'], S: ['%S'], F: ['%a', '%b'], I4: ['%I'], I1: ['%J'], K: ['%k'] };
  const memrefs = [{ name: '%M', type: 'memref<16xf32>' }];
  const lines: string[] = [];
  const define = (kind: Kind, text: string) => {
    const v = fresh();
    lines.push(`  ${v} = ${text}`);
    pools[kind].push(v);
  };
  const position = (dims: readonly (readonly string[])[]) => `[${dims.map(pick).join(', ')}]`;
  // A value of `kind`, one of the last two made half the time (so that ops meet their producers).
  const use = (kind: Kind): string => {
    const pool = pools[kind];
    return int(2) ? pool[Math.max(0, pool.length - 1 - int(2))]! : pick(pool);
  };
  /** An extract of a part of a `whole` (`of`, or a value of that kind), when the generator has such parts. */
  const extract = (whole?: Kind, of?: string) => {
    const parts = whole ? PARTS.filter((p) => p[1] === whole) : PARTS;
    if (parts.length === 0) return;
    const [part, kind, dims] = pick(parts);
    define(part, `vector.extract ${of ?? use(kind)}${position(dims)} : ${TYPES[part]} from ${TYPES[kind]}`);
  };
  /** Half the time, an extract from what was just made (folds look at the producer). */
  const maybeExtractLast = (kind: Kind) => {
    if (int(2)) extract(kind, pools[kind][pools[kind].length - 1]);
  };
  for (let n = 3 + int(14); n > 0; n--) {
    switch (int(15)) {
      case 0:
      case 1: {
        const kind = pick(Object.keys(TYPES) as Kind[]);
        define(kind, `arith.constant ${pick(CONSTANTS[kind])} : ${TYPES[kind]}`);
        break;
      }
      case 2:
      case 3: {
        const [from, to] = pick(BROADCASTS);
        define(to, `vector.broadcast ${use(from)} : ${TYPES[from]} to ${TYPES[to]}`);
        maybeExtractLast(to);
        break;
      }
      case 4: {
        const [from, to] = pick(SPLATS);
        define(to, `vector.splat ${use(from)} : ${TYPES[to]}`);
        maybeExtractLast(to);
        break;
      }
      case 5:
      case 6:
      case 7: {
        const [part, whole, dims] = pick(PARTS);
        define(whole, `vector.insert ${use(part)}, ${use(whole)} ${position(dims)} : ${TYPES[part]} into ${TYPES[whole]}`);
        maybeExtractLast(whole);
        break;
      }
      case 8:
      case 9:
      case 10:
        extract();
        break;
      case 11: {
        const kind = pick(['V4', 'M'] as const);
        define(kind, `vector.fma ${use(kind)}, ${use(kind)}, ${use(kind)} : ${TYPES[kind]}`);
        break;
      }
      case 12: {
        const float = int(2) === 0;
        const vector = float ? pick(['V4', 'S', 'S'] as const) : pick(['I4', 'I1', 'I1'] as const);
        const scalar: Kind = float ? 'F' : 'K';
        const acc = int(3) ? `, ${use(scalar)}` : '';
        const fastmath = float && int(3) === 0 ? ' fastmath<fast>' : '';
        define(scalar, `vector.reduction <${pick(float ? FLOAT_KINDS : INT_KINDS)}>, ${use(vector)}${acc}${fastmath} : ${TYPES[vector]} into ${TYPES[scalar]}`);
        break;
      }
      case 13: {
        const m = pick(memrefs);
        if (m.type === 'memref<16xf32>' && int(2)) {
          const v = fresh();
          lines.push(`  ${v} = memref.cast ${m.name} : memref<16xf32> to memref<?xf32>`);
          memrefs.push({ name: v, type: 'memref<?xf32>' });
        } else {
          define('V4', `vector.load ${m.name}[%i] : ${m.type}, vector<4xf32>`);
        }
        break;
      }
      default: {
        const m = pick(memrefs);
        lines.push(`  vector.store ${use('V4')}, ${m.name}[%i] : ${m.type}, vector<4xf32>`);
      }
    }
  }
  const results = [use('V4'), use('M'), use('F'), use('F'), use('K')];
  return [`${RANDOM_VECTOR_SIGNATURE} {`, ...lines, `  return ${results.join(', ')} : vector<4xf32>, vector<3x4xf32>, f32, f32, i32`, '}', ''].join('\n');
}
