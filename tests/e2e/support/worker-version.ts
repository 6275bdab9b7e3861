import type { Page } from '@playwright/test';

/** The build id of the worker controlling the page (sw.ts answers GET_VERSION). */
export const workerBuildId = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve((event.data as { buildId: string }).buildId);
        navigator.serviceWorker.controller?.postMessage({ type: 'GET_VERSION' }, [channel.port2]);
      }),
  );

/** A build id as every build makes it (build/build-id.ts): its time and commit. */
export const BUILD_ID_PATTERN = /^\d{8}T\d{6}Z-[0-9a-f]{7,}(-dirty)?$/;

/**
 * The served worker's text as the next version of the build would be (build id `nextId`, and
 * index.html's precache revision changed so the new worker fetches the page again), or null
 * when the text is not as expected (its build id `currentId` once, index.html's revision).
 */
export function nextWorkerText(text: string, currentId: string, nextId: string): string | null {
  const buildIds = text.split(`\`${currentId}\``).length - 1;
  const indexRevision = /(\{"revision":")([0-9a-f]+)(","url":"index\.html"\})/;
  if (buildIds !== 1 || !indexRevision.test(text)) return null;
  return text.replace(`\`${currentId}\``, `\`${nextId}\``).replace(indexRevision, (_, start: string, rev: string, end: string) => `${start}${rev.split('').reverse().join('')}${end}`);
}

/**
 * The versions the page's service worker registration holds and whether the active one answers
 * (said by a test whose update did not take over; "the page did not answer" when it is stuck).
 */
export function registrationState(page: Page): Promise<unknown> {
  const state = page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const answer = await new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data);
      registration?.active?.postMessage({ type: 'GET_VERSION' }, [channel.port2]);
      setTimeout(() => resolve('no answer in 5 s'), 5_000);
    });
    const { active, waiting, installing } = registration ?? {};
    return {
      active: active?.state,
      waiting: waiting?.state,
      installing: installing?.state,
      controller: navigator.serviceWorker.controller?.state,
      answer,
    };
  });
  return Promise.race([state, new Promise((resolve) => setTimeout(() => resolve('the page did not answer'), 10_000))]);
}
