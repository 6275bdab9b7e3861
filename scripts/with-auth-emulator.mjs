// Runs a command with the Firebase Auth emulator up (demo project, demo account imported),
// then stops the emulator. Used by `npm start` and `npm test`; no Firebase project needed.
import { spawn } from 'node:child_process';

const command = process.argv.slice(2).join(' ');
if (!command) {
  console.error('usage: node scripts/with-auth-emulator.mjs "<command>"');
  process.exit(2);
}

const child = spawn(
  'npx',
  ['firebase', 'emulators:exec', '--only', 'auth', '--project', 'demo-shop-admin', '--import', 'emulator/demo-data', command],
  {
    stdio: 'inherit',
    // CI=true keeps firebase-tools non-interactive; no update checks on a closed network.
    env: { ...process.env, CI: 'true', NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
