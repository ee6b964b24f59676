import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'bin/**/*.test.ts', 'spec-tests/**/*.spec.ts'],
    testTimeout: 30000,
  },
});
