import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'bin/**/*.test.ts', 'spec-tests/**/*.spec.ts', 'browser-tests/**/*.test.ts'],
    testTimeout: 30000,
    // a hook that starts a server or a fixture (conform's run of a whole site) on a loaded machine
    hookTimeout: 60000,
  },
});
