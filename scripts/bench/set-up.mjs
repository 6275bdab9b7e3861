// bench.mjs's set-up: the built app served by `vite preview`, accounts on the Auth emulator, a page signed in.
import { answers, childProcesses } from '../lib/child-processes.mjs';
import { signInThroughLoginForm } from '../lib/login-form.mjs';
import { freePort } from '../lib/ports.mjs';
import { API_KEY, EMULATOR, PASSWORD, ROOT } from './settings.mjs';

const children = childProcesses({ exitSignal: 'SIGTERM' });

/** dist/ served on BENCH_PORT (or a free port); stopped with this process at the latest. */
export async function startPreview() {
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const url = `http://localhost:${port}`;
  const { child } = await children.start('vite preview', `${ROOT}node_modules/.bin/vite`, ['preview', '--port', String(port), '--strictPort'], { ready: () => answers(url), timeoutMs: 30_000, pollMs: 200 });
  return { url, stop: () => child.kill('SIGTERM') };
}

export async function createAccount(email) {
  const res = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, displayName: 'Bench Admin', returnSecureToken: true }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`Could not create ${email} on the Auth emulator: ${JSON.stringify(body)}`);
  return { uid: body.localId, idToken: body.idToken, email };
}

export const signInThroughUi = (page, email) => signInThroughLoginForm(page, email, PASSWORD, 60_000);
