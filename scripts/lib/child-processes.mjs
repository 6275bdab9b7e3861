// The servers a bench or script starts as child processes: each started and waited for until it
// answers, and all stopped when this process ends (an error, Ctrl-C, a wrapper's SIGTERM).
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Whether `url` answers 2xx now. */
export async function answers(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/**
 * A group of children, sent `exitSignal` when this process exits.
 * `start` spawns one, keeping the last 20,000 characters of its output, and resolves when
 * `ready(output)` is true (checked every `pollMs`); it fails when the child exits or
 * `timeoutMs` passes first.
 */
export function childProcesses({ exitSignal = 'SIGTERM' } = {}) {
  const children = [];
  const stopAll = (signal) => {
    for (const child of children) if (child.exitCode === null) child.kill(signal);
  };
  process.on('exit', () => stopAll(exitSignal));
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
  return {
    async start(name, command, args, { env = {}, cwd = ROOT, ready, timeoutMs = 60_000, pollMs = 100 }) {
      const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      let output = '';
      child.stdout.on('data', (d) => (output = (output + d).slice(-20_000)));
      child.stderr.on('data', (d) => (output = (output + d).slice(-20_000)));
      const started = Date.now();
      while (Date.now() - started < timeoutMs) {
        if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${output}`);
        if (await ready(output)) return { child, output: () => output };
        await sleep(pollMs);
      }
      child.kill('SIGKILL');
      throw new Error(`${name} did not start in ${timeoutMs} ms:\n${output}`);
    },
    /** Stops every child still running (SIGTERM). */
    stopAll: () => stopAll('SIGTERM'),
  };
}
