import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'bin/**/*.test.ts', 'spec-tests/**/*.spec.ts', 'browser-tests/**/*.test.ts'],
    testTimeout: 60000,
    // time limits for a loaded machine (a landing shares two cores with benchmarks): a property
    // test of thousands of requests, a hook that starts and fingerprints a whole site (conform)
    hookTimeout: 60000,
  },
});
