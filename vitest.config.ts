import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'bin/**/*.test.ts', 'spec-tests/**/*.spec.ts', 'browser-tests/**/*.test.ts'],
    testTimeout: 30000,
  },
});
