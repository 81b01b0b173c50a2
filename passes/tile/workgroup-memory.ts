/** The error for a kernel over the workgroup memory limit, in the user's terms (tile-multibuffer checks it early, convert-tile-to-gpu last). */
export function workgroupMemoryExceeded(bytes: number, limit: number): string {
  return `this kernel uses ${bytes} bytes of workgroup memory, more than the ${limit} allowed (max-workgroup-memory, WebGPU's default limit); use smaller tile sizes or fewer stages, or raise the limit for an adapter that allows more`;
}
