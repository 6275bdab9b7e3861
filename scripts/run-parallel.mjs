// `node scripts/run-parallel.mjs "<command>" "<command>" …`: runs the commands side by side and
// fails if any fails. `npm test` uses it for steps that each keep one core busy (ESLint, tsc, a
// build): on a 2-core machine two of them at once take about as long as the longer one.
// Each command's output is printed whole when it ends (not interleaved), with its time.
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
if (!commands.length) {
  console.error('usage: node scripts/run-parallel.mjs "<command>" ["<command>" …]');
  process.exit(2);
}

const started = Date.now();
const results = await Promise.all(
  commands.map(
    (command) =>
      new Promise((resolve) => {
        const t0 = Date.now();
        const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('close', (code, signal) => {
          const ok = code === 0;
          const seconds = ((Date.now() - t0) / 1000).toFixed(1);
          process.stdout.write(`\n> ${command}  (${ok ? 'ok' : `failed: ${signal ?? `exit ${code}`}`}, ${seconds} s)\n`);
          process.stdout.write(Buffer.concat(output));
          resolve(ok);
        });
      }),
  ),
);
const failed = results.filter((ok) => !ok).length;
console.log(`\n${commands.length - failed}/${commands.length} passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
