// `npm run build:demo [-- --base /shop-admin/] [-- --outDir dist-demo]`: the demo build, for any
// static host with no Firebase project and no emulator. VITE_DEMO=1 points the Firebase Auth SDK
// at the app's own origin, where the service worker answers it (sw/api/identity). The base path
// comes from BASE_PATH (default /) or --base; the other arguments go to `vite build`.
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const env = { ...process.env, VITE_DEMO: '1' };
const baseAt = args.indexOf('--base');
if (baseAt !== -1) {
  // Through BASE_PATH, so vite.config.ts derives the manifest's id from the same value.
  env.BASE_PATH = args[baseAt + 1] ?? '/';
  args.splice(baseAt, 2);
}

const child = spawn('npx', ['vite', 'build', ...args], { stdio: 'inherit', env, shell: process.platform === 'win32' });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
