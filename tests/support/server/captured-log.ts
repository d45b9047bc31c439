import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { createLogger } from '../../../src/server/logger';

/** The server's logger (`createLogger`, as main.ts makes it) writing into a list a test reads (docs/security.md T20). */
export function capturedLogger(level: 'trace' | 'info' | 'warn' = 'trace'): {
  logger: Logger;
  lines: string[];
  text: () => string;
} {
  const lines: string[] = [];
  const logger = createLogger(
    { level },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  return { logger, lines, text: () => lines.join('') };
}

/** The session token of a `cookie` header (`better-auth.session_token=<token>.<signature>`, URL-encoded). */
export function sessionTokenOf(cookie: string): string {
  const value = cookie.match(/(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/)?.[1];
  if (!value) throw new Error('no session cookie');
  return decodeURIComponent(value).split('.')[0]!;
}
