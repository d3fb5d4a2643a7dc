import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A console.error during a test fails it. A test that expects one (say, logging a corrupt saved
 * cart) calls `allowConsoleError()` and then asserts on `consoleErrors()` itself.
 */
let errors: unknown[][] = [];
let allowed = false;

export function allowConsoleError(): void {
  allowed = true;
}

export function consoleErrors(): unknown[][] {
  return errors;
}

beforeEach(() => {
  errors = [];
  allowed = false;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0 && !allowed) {
    throw new Error(`console.error was called during the test:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`);
  }
});
