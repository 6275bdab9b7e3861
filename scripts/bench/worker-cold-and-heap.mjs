// Through the DevTools protocol: the orders' first calls after a worker restart (coldMs, issue 14)
// and the worker's JS heap with the order index loaded (workerHeapMb).
import { callOnce, callTimed, ordersUrl } from './timed-calls.mjs';
import { DEEP_PAGE, SEARCH, round } from './settings.mjs';

/**
 * The first calls after a worker restart, then the worker's heap; answers also the DevTools
 * session (`cdp`, ServiceWorker enabled) for later restarts.
 */
export async function timeColdCalls(browser, baseURL, context, page, token) {
  // Chromium stops an idle worker after ~30 s; the next call starts a fresh one, whose
  // order index is not loaded. Stop it and time the first call: page 1 (answered from the
  // stored head of the index), then a search and a deep page right after it (the index
  // loading meanwhile); then, after another restart, a search as the first call (it waits
  // for the stored index to load). Each restart after the worker has been idle a moment,
  // as a real one is (~30 s), so the store's deferred save (the index in list order, 3 s
  // after the last write) is done.
  console.log('Timing first calls after a worker restart…');
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  const restartWorker = async () => {
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    await cdp.send('ServiceWorker.stopAllWorkers');
  };
  await restartWorker();
  const cold = {
    page1: await callOnce(page, token, ordersUrl({ page: '1' })),
    search: await callOnce(page, token, ordersUrl({ search: SEARCH, page: '1' })),
    deepPage: await callOnce(page, token, ordersUrl({ page: String(DEEP_PAGE) })),
  };
  await restartWorker();
  const searchFirst = await callTimed(page, token, ordersUrl({ search: SEARCH, page: '1' }));
  cold.searchFirst = searchFirst.ms;
  const coldMs = { page1: round(cold.page1), search: round(cold.searchFirst) };
  // The worker's heap holding the loaded order index (garbage collected first).
  await callOnce(page, token, ordersUrl({ page: '2' }));
  const workerHeapMb = await workerHeapInMb(browser, baseURL);
  return { cdp, cold, coldMs, searchFirst, workerHeapMb };
}

/**
 * The service worker's used JS heap in MB after a garbage collection, through the DevTools
 * protocol on the worker's own target (performance.measureUserAgentSpecificMemory is not
 * available in workers): Runtime.getHeapUsage. Null when no worker target answers.
 */
export async function workerHeapInMb(browser, baseURL) {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await cdp.send('Target.getTargets');
    const worker = targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith(baseURL));
    if (!worker) return null;
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false });
    let nextId = 1;
    const pending = new Map();
    cdp.on('Target.receivedMessageFromTarget', (event) => {
      if (event.sessionId !== sessionId) return;
      const message = JSON.parse(event.message);
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    });
    const send = (method, params = {}) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(reject);
      });
    await send('HeapProfiler.collectGarbage');
    const { usedSize } = await send('Runtime.getHeapUsage');
    await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    return round(usedSize / 1024 / 1024);
  } catch (error) {
    console.warn(`Could not read the worker's heap: ${error.message}`);
    return null;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
