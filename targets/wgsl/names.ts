/**
 * WGSL identifiers for SSA values and module-scope variables: readable (derived from the names
 * tile-opt prints for the IR), valid WGSL, and unique within one shader module.
 */

/** WGSL keywords, reserved words, predeclared types and the builtin functions the emitter calls. */
const RESERVED = new Set(
  // keywords
  (
    'alias break case const const_assert continue continuing default diagnostic discard else enable false fn for if let loop override ' +
    'requires return struct switch true var while ' +
    // reserved words (WGSL 3.7)
    'NULL Self abstract active alignas alignof as asm asm_fragment async attribute auto await become cast catch class co_await ' +
    'co_return co_yield coherent column_major common compile compile_fragment concept const_cast consteval constexpr constinit crate ' +
    'debugger decltype delete demote demote_to_helper do dynamic_cast enum explicit export extends extern external fallthrough filter ' +
    'final finally friend from fxgroup get goto groupshared highp impl implements import inline instanceof interface layout lowp ' +
    'macro macro_rules match mediump meta mod module move mut mutable namespace new nil noexcept noinline nointerpolation non_coherent ' +
    'noncoherent noperspective null nullptr of operator package packoffset partition pass patch pixelfragment precise precision premerge ' +
    'priv protected pub public readonly ref regardless register reinterpret_cast require resource restrict self set shared sizeof smooth ' +
    'snorm static static_assert static_cast std subroutine super target template this thread_local throw trait try type typedef typeid ' +
    'typename typeof union unless unorm unsafe unsized use using varying virtual volatile wgsl where with writeonly yield ' +
    // predeclared types and enumerants used as identifiers
    'bool f16 f32 i32 u32 vec2 vec3 vec4 array atomic ptr mat2x2 mat3x3 mat4x4 sampler texture_2d function private workgroup uniform storage ' +
    'read write read_write ' +
    // builtin functions the emitter may call
    'abs acos acosh all any asin asinh atan atan2 atanh bitcast ceil cos cosh countLeadingZeros countOneBits countTrailingZeros dot exp ' +
    'exp2 floor fma inverseSqrt log log2 max min pow round select sign sin sinh sqrt storageBarrier tan tanh trunc workgroupBarrier'
  ).split(' '),
);

/** A WGSL identifier made from `hint`: invalid characters become `_`, reserved words get a `_` suffix. */
export function wgslIdentifier(hint: string): string {
  let id = hint.replace(/[^A-Za-z0-9_]/g, '_');
  if (id === '' || id === '_') id = 'v';
  if (/^[0-9]/.test(id)) id = 'v' + id;
  if (id.startsWith('__')) id = 'v' + id;
  // `tile_` names belong to the emitter's helper functions.
  if (id.startsWith('tile_')) id = 'v_' + id;
  if (RESERVED.has(id)) id += '_';
  return id;
}

/** Hands out unique identifiers; the first request for a hint gets it unchanged when free. */
export class NameAllocator {
  private readonly taken = new Set<string>();
  constructor(reserved: Iterable<string> = []) {
    for (const r of reserved) this.taken.add(r);
  }
  fresh(hint: string): string {
    const base = wgslIdentifier(hint);
    let name = base;
    for (let i = 1; this.taken.has(name); i++) name = `${base}_${i}`;
    this.taken.add(name);
    return name;
  }
}
