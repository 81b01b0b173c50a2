/** Bytes of workgroup memory every WebGPU adapter offers (the `maxComputeWorkgroupStorageSize` default). */
export const WEBGPU_DEFAULT_WORKGROUP_MEMORY = 16384;

/** The error for a kernel over the workgroup memory limit, in the user's terms (tile-multibuffer checks it early, convert-tile-to-gpu last). */
export function workgroupMemoryExceeded(bytes: number, limit: number): string {
  const which = limit === WEBGPU_DEFAULT_WORKGROUP_MEMORY ? "max-workgroup-memory, WebGPU's default limit" : 'max-workgroup-memory';
  return `this kernel uses ${bytes} bytes of workgroup memory, more than the ${limit} allowed (${which}); use smaller tile sizes or fewer stages, or raise the limit for an adapter that allows more`;
}
