// "Fill with a year of sample activity" timed in the built app (issue 25), for scripts/bench.mjs:
// `generate2kMs` is from the request (POST /api/sample-activity { size: 2000 }, from the page,
// so through the worker) to the five dashboards' month figures answered with the generated
// data; `generate100kMs` is a 100,000-order fill on its own (the 2,000 removed first), to
// compare with the bench's `seedMs` (100,000 orders imported through POST /api/orders/bulk).

const DASHBOARDS = ['sales', 'analytics', 'saas', 'learning', 'job'];
export const GENERATE_2K_GOAL_MS = 3_000;

/** Runs in the page: one fill of `size`, then (when `dashboards`) every dashboard's month figures; answers the ms and the orders added. */
function fillInPage(page, token, size, dashboards) {
  return page.evaluate(
    async ({ token, size, dashboards }) => {
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const started = performance.now();
      const res = await fetch('/api/sample-activity', { method: 'POST', headers, body: JSON.stringify({ size }) });
      const body = await res.json();
      const phases = res.headers.get('server-timing');
      if (res.status !== 201) throw new Error(`fill ${size}: ${res.status} ${JSON.stringify(body)}`);
      const answers = await Promise.all(dashboards.map((name) => fetch(`/api/dashboards/${name}?period=month`, { headers }).then((r) => r.json())));
      const ms = performance.now() - started;
      // The figures show the generated data: the month's orders include it.
      const orders = answers.find((answer) => answer.orders)?.orders.value ?? null;
      return { ms, added: body.added.orders, monthOrders: orders, phases };
    },
    { token, size, dashboards },
  );
}

async function removeInPage(page, token) {
  return page.evaluate(async (token) => {
    const res = await fetch('/api/sample-activity', { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`remove: ${res.status} ${await res.text()}`);
  }, token);
}

/** Both timings on a signed-in page of a fresh account (its token given). */
export async function timeSampleActivity(page, token) {
  const small = await fillInPage(page, token, 2_000, DASHBOARDS);
  if (small.added !== 2_000 || !(small.monthOrders > 100)) throw new Error(`the 2,000 fill did not show: ${JSON.stringify(small)}`);
  await removeInPage(page, token);
  const large = await fillInPage(page, token, 100_000, []);
  if (large.added !== 100_000) throw new Error(`the 100,000 fill added ${large.added}`);
  // Where the worker's time went (Server-Timing): the orders' making apart from the waits for their writes.
  console.log(`  2,000 in the worker: ${small.phases}`);
  console.log(`  100,000 in the worker: ${large.phases}`);
  return { generate2kMs: Math.round(small.ms), generate100kMs: Math.round(large.ms) };
}
