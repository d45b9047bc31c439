// `npm start` builds the web client when it is missing, so a fresh clone runs with one command.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync(new URL('../dist/client/index.html', import.meta.url))) {
  console.log('The web client is not built yet: building it (about 20 s)…');
  execSync('npx vite build', { stdio: 'inherit', cwd: new URL('..', import.meta.url) });
}
