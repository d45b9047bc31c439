import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'deploy/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/support/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores, so CI's 2 cores ran one file at a time with a core
    // mostly idle (docs/performance.md: the unit run took 30 minutes). Two at least: every server test file has
    // its own database (PGlite in memory, or its own PostgreSQL database), so files never share state.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
