// `npm start` builds the web client when it is missing, so a fresh clone runs with one command: the browser
// build and its server build, which draws the public pages (ADR 023).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url);
if (!existsSync(new URL('dist/client/index.html', root))) {
  console.log('The web client is not built yet: building it (about 20 s)…');
  execSync('npx vite build', { stdio: 'inherit', cwd: root });
}
if (!existsSync(new URL('dist/client-ssr/entry-server.js', root))) {
  console.log('Building the server build of the public pages (a few seconds)…');
  execSync('npx vite build --ssr entry-server.tsx', { stdio: 'inherit', cwd: root });
}
