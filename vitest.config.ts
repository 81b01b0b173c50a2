import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/gpu/**/*.test.ts', 'tests/playground/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
