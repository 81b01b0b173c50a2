/**
 * One-node ONNX models, written as protobuf bytes by hand (no protobuf or python dependency), for
 * the ONNX Runtime Web peer (ortweb-peer.ts). Only the fields such a model needs:
 *
 *   ModelProto     ir_version=1 (int64), producer_name=2, graph=7, opset_import=8
 *   OperatorSetId  domain=1, version=2
 *   GraphProto     node=1, name=2, input=11, output=12
 *   NodeProto      input=1, output=2, name=3, op_type=4, attribute=5, domain=7
 *   AttributeProto name=1, f=2 (float), i=3 (int64), type=20 (FLOAT=1, INT=2)
 *   ValueInfo      name=1, type=2 -> TypeProto tensor_type=1 -> elem_type=1 (FLOAT=1),
 *                  shape=2 -> TensorShapeProto dim=1 -> dim_value=1 | dim_param=2
 */
const utf8 = new TextEncoder();

function varint(n: number | bigint): number[] {
  let v = BigInt(n);
  if (v < 0n) v += 1n << 64n;
  const out: number[] = [];
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v) b |= 0x80;
    out.push(b);
  } while (v);
  return out;
}

const key = (field: number, wire: 0 | 2 | 5): number[] => varint((field << 3) | wire);
const message = (field: number, body: readonly number[]): number[] => [...key(field, 2), ...varint(body.length), ...body];
const string = (field: number, s: string): number[] => message(field, [...utf8.encode(s)]);
const int = (field: number, n: number): number[] => [...key(field, 0), ...varint(n)];
function float(field: number, x: number): number[] {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setFloat32(0, x, true);
  return [...key(field, 5), ...b];
}

/** A graph input or output: a float32 tensor whose dimensions are numbers or symbolic names. */
export interface OnnxValue {
  name: string;
  dims: readonly (number | string)[];
}

export type OnnxAttribute = { name: string; f: number } | { name: string; i: number };

export interface OnnxNode {
  opType: string;
  /** '' (ai.onnx) unless the op is in another domain (e.g. 'com.microsoft'). */
  domain?: string;
  inputs: readonly OnnxValue[];
  outputs: readonly OnnxValue[];
  attributes?: readonly OnnxAttribute[];
  /** [domain, version] pairs: at least ai.onnx's (['', 17]). */
  opsets: readonly (readonly [string, number])[];
  /** IR version (10 by default: ONNX 1.16+, opsets up to 23 and beyond). */
  irVersion?: number;
}

function valueInfo(v: OnnxValue): number[] {
  const shape = v.dims.flatMap((d) => message(1, typeof d === 'number' ? int(1, d) : string(2, d)));
  const tensorType = [...int(1, 1), ...message(2, shape)];
  return [...string(1, v.name), ...message(2, message(1, tensorType))];
}

function attribute(a: OnnxAttribute): number[] {
  return message(5, [...string(1, a.name), ...('f' in a ? [...float(2, a.f), ...int(20, 1)] : [...int(3, a.i), ...int(20, 2)])]);
}

/** The serialized ModelProto of a graph of one node whose inputs and outputs are the graph's. */
export function oneNodeModel(n: OnnxNode): Uint8Array {
  const node = [
    ...n.inputs.flatMap((v) => string(1, v.name)),
    ...n.outputs.flatMap((v) => string(2, v.name)),
    ...string(3, 'node0'),
    ...string(4, n.opType),
    ...(n.attributes ?? []).flatMap(attribute),
    ...(n.domain ? string(7, n.domain) : []),
  ];
  const graph = [...message(1, node), ...string(2, `${n.opType}-graph`), ...n.inputs.flatMap((v) => message(11, valueInfo(v))), ...n.outputs.flatMap((v) => message(12, valueInfo(v)))];
  const model = [
    ...int(1, n.irVersion ?? 10),
    ...string(2, 'tile-opt bench'),
    ...message(7, graph),
    ...n.opsets.flatMap(([domain, version]) => message(8, [...(domain ? string(1, domain) : []), ...int(2, version)])),
  ];
  return new Uint8Array(model);
}
