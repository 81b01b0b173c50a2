import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    // Both cores of a 2-core machine (vitest's default leaves one free): the unit tests are
    // single-threaded compiler runs, and the suite ran one file at a time.
    maxWorkers: 2,
    projects: [
      // The unit tests share their workers' module cache: importing the compiler again for each
      // file was most of their time. They keep no global state between files (a test that sets
      // process.env restores it).
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], isolate: false } },
      // The GPU and browser tests each get a fresh worker: they load native WebGPU runtimes and
      // point Vulkan's loader at a driver through process.env.
      { extends: true, test: { name: 'gpu', include: ['tests/gpu/**/*.test.ts', 'tests/playground/**/*.test.ts'] } },
    ],
  },
});
