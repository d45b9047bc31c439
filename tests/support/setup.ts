// docs/conventions.md §4.8: an unexpected console.error fails the test that printed it.
import { afterEach } from 'vitest';

// Test files share a worker process (vitest.config.ts: no isolation) and this file runs before each of them: it
// wraps the real console.error afresh, so a spy an earlier file left on it (one silencing the errors it
// provokes, say) never hides this file's errors.
const shared = globalThis as { __realConsoleError?: typeof console.error };
shared.__realConsoleError ??= console.error;
const real = shared.__realConsoleError;
let errors: unknown[][] = [];
console.error = (...args: unknown[]) => {
  errors.push(args);
  real(...args);
};

afterEach(() => {
  const printed = errors;
  errors = [];
  if (printed.length > 0) {
    throw new Error(
      `console.error was called:\n${printed.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
