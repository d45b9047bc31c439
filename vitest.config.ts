import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    setupFiles: ['tests/support/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores, so CI's 2 cores ran one file at a time with a core
    // mostly idle (docs/performance.md: the unit run took 30 minutes). Two at least: every server test file has
    // its own database (PGlite in memory, or its own PostgreSQL database), so files never share state.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: [
            'src/server/**/*.test.ts',
            'src/domain/**/*.test.ts',
            'src/contracts/**/*.test.ts',
            'scripts/**/*.test.ts',
            'deploy/**/*.test.ts',
          ],
          // Files share a worker process instead of each loading the server's modules afresh: importing them
          // took 442 s of a 1,084 s run (docs/performance.md). Nothing a server test reads lives in a module:
          // each file opens its own database and app, and tests/support/setup.ts wraps console.error per file.
          isolate: false,
          // Migrates one PGlite and one PostgreSQL database before the run; each file's database copies them.
          globalSetup: ['tests/support/server/database-templates.ts'],
        },
      },
      {
        extends: true,
        // The pages' tests mock modules and stub globals per file (vi.mock, vi.stubGlobal): each file alone.
        test: { name: 'client', include: ['src/client/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
