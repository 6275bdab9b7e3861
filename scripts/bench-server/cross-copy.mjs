// 5. Cross-copy: an SSE client on copy B, pushes on copy A one at a time: push sent → `version` event heard on B.
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { quantile, round } from '../lib/figures.mjs';
import { push, tokenFor } from './requests.mjs';
import { EVENTS } from './settings.mjs';

function openEvents(port, user, shopId) {
  return new Promise((resolve, reject) => {
    const heard = new Map();
    const waiters = [];
    const req = http.request({ host: '127.0.0.1', port, method: 'GET', path: `/v1/shops/${shopId}/events`, headers: { authorization: `Bearer ${tokenFor(user)}`, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`events: ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk) => {
        const at = performance.now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block);
          if (/^event: version$/m.test(block) && data) {
            const version = JSON.parse(data[1]).version;
            heard.set(version, at);
            for (const waiter of [...waiters]) if (version >= waiter.version) waiter.resolve(at);
          }
        }
      });
      resolve({
        /** When a version ≥ `version` was heard (at once when it already was). */
        when(version) {
          for (const [v, at] of heard) if (v >= version) return Promise.resolve(at);
          return new Promise((resolveWait, rejectWait) => {
            const waiter = {
              version,
              resolve: (at) => {
                clearTimeout(timer);
                waiters.splice(waiters.indexOf(waiter), 1);
                resolveWait(at);
              },
            };
            const timer = setTimeout(() => {
              waiters.splice(waiters.indexOf(waiter), 1);
              rejectWait(new Error(`version ${version} not heard in 5 s`));
            }, 5_000);
            waiters.push(waiter);
          });
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}

export async function crossCopyPhase(portA, portB, user, shopId, orderId) {
  const events = await openEvents(portB, user, shopId);
  const clientId = 'bench-cross';
  const delays = [];
  let missed = 0;
  let status = 'new';
  for (let id = 1; id <= EVENTS + 3; id++) {
    const to = status === 'new' ? 'pending' : 'new';
    const sentAt = performance.now();
    const answer = await push(portA, user, shopId, clientId, [{ id, name: 'PATCH /api/orders', query: { id: String(orderId) }, body: { status: to } }]);
    const result = answer.json.results[0];
    if (result.status !== 'applied') throw new Error(`cross-copy push: ${JSON.stringify(result)}`);
    status = to;
    try {
      const heardAt = await events.when(result.version);
      if (id > 3) delays.push(heardAt - sentAt);
    } catch {
      missed++;
    }
    await sleep(20 + Math.random() * 30);
  }
  events.close();
  return { crossCopyEventP50Ms: round(quantile(delays, 0.5), 1), crossCopyEventP95Ms: round(quantile(delays, 0.95), 1), crossCopyEvents: delays.length, crossCopyMissed: missed };
}
