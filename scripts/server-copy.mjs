// A shop server copy (`npm run server`, and every script and test that starts one:
// scripts/lib/server-command.mjs): builds server/main.ts into dist-server/main.mjs in a process
// of its own (scripts/build-server.mjs), then runs the bundle in this one. The copy holds only
// its own code: no TypeScript loader nor bundler stays behind in its memory.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) {
  console.error('shop server: its build failed (scripts/build-server.mjs)');
  process.exit(1);
}
await import(new URL('../dist-server/main.mjs', import.meta.url).href);
