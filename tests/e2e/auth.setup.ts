import { readFileSync, writeFileSync } from 'node:fs';
import { test as setup } from '@playwright/test';
import { DEMO_ACCOUNT } from './support/emulator';
import { signInThroughUi } from './support/session';
import { SIGNED_IN } from './support/signed-in';

// Signs the demo account in once; tests that are not about signing in start from this state.
setup('sign in the demo account and save the session', async ({ page }) => {
  await signInThroughUi(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  await page.context().storageState({ path: SIGNED_IN, indexedDB: true });

  // Keep Firebase's own persistence only: the shop data, drafts and preferences of this
  // visit stay behind, so each test starts on a fresh device that merely has the session.
  type State = { cookies: unknown[]; origins: Array<{ origin: string; localStorage: Array<{ name: string }>; indexedDB?: Array<{ name: string }> }> };
  const state = JSON.parse(readFileSync(SIGNED_IN, 'utf8')) as State;
  for (const origin of state.origins) {
    origin.localStorage = origin.localStorage.filter((item) => item.name.startsWith('firebase:'));
    origin.indexedDB = (origin.indexedDB ?? []).filter((db) => db.name === 'firebaseLocalStorageDb');
  }
  const auth = state.origins.flatMap((o) => o.indexedDB ?? []);
  if (auth.length !== 1) throw new Error(`Expected Firebase's session database in the saved state, found ${auth.length}`);
  writeFileSync(SIGNED_IN, JSON.stringify(state, null, 2));
});
