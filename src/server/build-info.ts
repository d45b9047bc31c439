import { readFileSync } from 'node:fs';

const root = new URL('../../', import.meta.url);

/** The running code's version (package.json) and commit: GIT_COMMIT when the deployment sets it, else the
 * checkout's HEAD, else null. Read once at start. */
export function readBuildInfo(): { version: string; commit: string | null } {
  const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version: string };
  return { version, commit: process.env.GIT_COMMIT?.trim() || headCommit() };
}

function headCommit(): string | null {
  try {
    const head = readFileSync(new URL('.git/HEAD', root), 'utf8').trim();
    if (!head.startsWith('ref: ')) return head.slice(0, 40) || null;
    const ref = head.slice(5);
    try {
      return readFileSync(new URL(`.git/${ref}`, root), 'utf8').trim();
    } catch {
      const packed = readFileSync(new URL('.git/packed-refs', root), 'utf8');
      return (
        packed
          .split('\n')
          .find((line) => line.endsWith(` ${ref}`))
          ?.slice(0, 40) ?? null
      );
    }
  } catch {
    return null;
  }
}
