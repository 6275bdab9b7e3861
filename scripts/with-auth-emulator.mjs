// Runs a command with the Firebase Auth emulator up (demo project, demo account imported),
// then stops the emulator. Used by `npm start` and `npm test`; no Firebase project needed.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const command = process.argv.slice(2).join(' ');
if (!command) {
  console.error('usage: node scripts/with-auth-emulator.mjs "<command>"');
  process.exit(2);
}

// AUTH_EMULATOR_PORT moves the emulator (and its hub and logging ports) off the defaults
// in firebase.json, so two runs can share a machine. Build the app with
// VITE_FIREBASE_AUTH_EMULATOR_URL pointing at the same port.
const port = Number(process.env.AUTH_EMULATOR_PORT || 9099);
const configArgs = [];
if (port !== 9099) {
  const config = join(tmpdir(), `shop-admin-firebase-${port}.json`);
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { port: port + 1 },
        logging: { port: port + 2 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  configArgs.push('--config', config);
}

const child = spawn(
  'npx',
  ['firebase', ...configArgs, 'emulators:exec', '--only', 'auth', '--project', 'demo-shop-admin', '--import', resolve('emulator/demo-data'), command],
  {
    stdio: 'inherit',
    // CI=true keeps firebase-tools non-interactive; no update checks on a closed network.
    env: { ...process.env, CI: 'true', NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
