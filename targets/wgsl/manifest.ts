/**
 * The launch manifest written next to each WGSL kernel: everything a runtime needs to bind
 * arguments and dispatch the shader without looking at the IR. Shared by targets/wgsl (which
 * writes it) and runtime/webgpu (which reads it); a change here is a change of both.
 */

/** WGSL scalar element types a binding or uniform field may hold. */
export type WgslScalar = 'f32' | 'f16' | 'i32' | 'u32';

/** One storage buffer: a memref argument of the kernel. */
export interface StorageBinding {
  readonly binding: number;
  /** Index of the kernel argument (gpu.func block argument) this buffer carries. */
  readonly argIndex: number;
  /** The WGSL variable name. */
  readonly name: string;
  readonly elementType: WgslScalar;
  /** 'read' when the kernel never writes the memref. */
  readonly access: 'read' | 'read_write';
  /** Static memref shape; null for a dynamic dimension (its size comes through the uniforms). */
  readonly shape: readonly (number | null)[];
  /**
   * Present when the WGSL array holds vectors of this many elements (`array<vec4<f32>>`, for
   * aligned vector accesses): the buffer's size must then be a multiple of the vector's bytes
   * (runtimes round storage buffers up to 16 bytes).
   */
  readonly lanes?: number;
}

/** A field of the uniform struct: a scalar kernel argument, or a dynamic memref dimension. */
export interface UniformField {
  readonly name: string;
  readonly type: WgslScalar;
  /** Byte offset inside the struct (WGSL layout rules). */
  readonly offset: number;
  /** Where the value comes from: a scalar argument, or dimension `dim` of a memref argument. */
  readonly source: { readonly argIndex: number; readonly dim?: number };
}

export interface UniformBlock {
  readonly binding: number;
  /** Struct size in bytes, rounded up to its alignment (and to 16, as uniform buffers need). */
  readonly size: number;
  readonly fields: readonly UniformField[];
}

export interface KernelManifest {
  /** `@module::@kernel` of the gpu.func. */
  readonly symbol: string;
  readonly entryPoint: string;
  /** File name of the WGSL text, relative to the manifest. */
  readonly shader: string;
  readonly workgroupSize: readonly [number, number, number];
  /** Storage buffers, all in @group(0). */
  readonly bindings: readonly StorageBinding[];
  readonly uniforms?: UniformBlock;
  /** WGSL `enable` extensions the shader needs (e.g. 'f16'). */
  readonly enables: readonly string[];
  /** Present when the kernel shuffles across subgroup lanes: it needs subgroups of at least this many lanes. */
  readonly subgroupSize?: number;
  /** Kernel argument kinds in order, so a runtime can check what it was given. */
  readonly arguments: readonly { readonly kind: 'memref' | 'scalar'; readonly type: string }[];
  /** Source location of the gpu.func (`file:line:col`), to map shader compiler messages back. */
  readonly location?: string;
  /**
   * Where each WGSL line came from: runs `[first line, "file:line:col"]` (1-based lines; a run
   * holds until the next; "" where no op location is known), so that a shader compiler message
   * can name the IR op of its line.
   */
  readonly lineLocations?: readonly (readonly [number, string])[];
}

/** The manifest file: every kernel emitted from one input. */
export interface WgslManifest {
  readonly version: 1;
  readonly kernels: readonly KernelManifest[];
}
