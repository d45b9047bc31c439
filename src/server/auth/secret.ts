import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, type Env } from '../env';

/**
 * The secret that signs sessions: AUTH_SECRET when set. The embedded default makes one on first start and keeps
 * it in DATA_DIR (readable by the server's user only). With DATABASE_URL several processes must share one, so
 * it has to be configured.
 */
export function resolveAuthSecret(env: Pick<Env, 'AUTH_SECRET' | 'DATABASE_URL' | 'DATA_DIR'>): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.DATABASE_URL) {
    throw new ConfigError(
      'AUTH_SECRET is required with DATABASE_URL (at least 32 characters, the same for every process)',
    );
  }
  const file = join(resolve(env.DATA_DIR), 'auth-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
