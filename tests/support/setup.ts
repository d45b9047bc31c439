// docs/conventions.md §4.8: an unexpected console.error fails the test that printed it.
import { afterEach, vi } from 'vitest';

let errors: unknown[][] = [];
const original = console.error;
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
  original(...args);
});

afterEach(() => {
  const printed = errors;
  errors = [];
  if (printed.length > 0) {
    throw new Error(
      `console.error was called:\n${printed.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
