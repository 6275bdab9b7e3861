// bench:scale's devices (scripts/bench-scale.mjs), in a process of their own: one event stream
// per customer, each pulling its slice when its stream announces a version past its cookie, as
// the worker does. Told by the parent (IPC) whom to open; reports each poke and each pull it
// answered with the time (ms since the epoch, sub-millisecond: both processes share the clock).
//   message from the parent: { type: 'open', port, shopId, devices: [{ index, token }] }: each
//   device's first sync, then its stream; answered { type: 'opened', count } once all are open.
import http from 'node:http';

const now = () => performance.timeOrigin + performance.now();
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
let port;
let shopId;

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** One pull from the device's cookie: its answer's body; a 429 or 503 is tried again after its Retry-After, as the worker does. */
async function pull(device) {
  for (let attempt = 0; ; attempt++) {
    const answer = await pullOnce(device);
    if (answer.body) return answer.body;
    if (attempt >= 20) throw new Error(`pull ${answer.status}`);
    device.retries = (device.retries ?? 0) + 1;
    await sleep((answer.retryAfter || 1) * 1000 * (0.5 + Math.random()));
  }
}

function pullOnce(device) {
  return new Promise((resolve, reject) => {
    const payload = Buffer.from(JSON.stringify({ clientId: `scale-${device.index}`, cookie: device.cookie }));
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: `/v1/shops/${shopId}/pull`, agent, headers: { authorization: `Bearer ${device.token}`, 'content-type': 'application/json', 'content-length': payload.length } },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          if (res.statusCode === 200) resolve({ body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          else if (res.statusCode === 429 || res.statusCode === 503) resolve({ status: res.statusCode, retryAfter: Number(res.headers['retry-after']) });
          else reject(new Error(`pull ${res.statusCode}`));
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Pulls to the end, then again if a newer version was announced meanwhile. */
async function catchUp(device) {
  if (device.pulling) return;
  device.pulling = true;
  try {
    while (device.announced > device.cookieVersion) {
      const target = device.announced;
      let more = true;
      while (more) {
        const body = await pull(device);
        device.cookie = body.cookie;
        more = body.more;
      }
      device.cookieVersion = target;
      process.send({ type: 'pulled', index: device.index, version: target, at: now() });
    }
  } catch (error) {
    process.send({ type: 'error', index: device.index, message: error.message });
  } finally {
    device.pulling = false;
  }
}

/** A device's first sync (from cookie 0 to the end), then its event stream: resolves once the stream's first event came. */
async function open(device) {
  try {
    let more = true;
    while (more) {
      const body = await pull(device);
      device.cookie = body.cookie;
      more = body.more;
    }
  } catch (error) {
    process.send({ type: 'error', index: device.index, message: `first sync: ${error.message}` });
    return false;
  }
  return stream(device);
}

function stream(device) {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'GET', path: `/v1/shops/${shopId}/events`, agent: false, headers: { authorization: `Bearer ${device.token}` } }, (res) => {
      if (res.statusCode !== 200) {
        process.send({ type: 'error', index: device.index, message: `stream ${res.statusCode}` });
        res.resume();
        resolve(false);
        return;
      }
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (text) => {
        buffer += text;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block);
          if (!/^event: version$/m.test(block) || !data) continue;
          const version = JSON.parse(data[1]).version;
          if (device.announced === undefined) {
            // The first event: where the stream starts (the device is synced up to it).
            device.announced = version;
            device.cookieVersion = version;
            resolve(true);
            continue;
          }
          device.announced = Math.max(device.announced, version);
          process.send({ type: 'poked', index: device.index, version, at: now() });
          void catchUp(device);
        }
      });
      res.on('error', () => {});
    });
    req.on('error', (error) => {
      process.send({ type: 'error', index: device.index, message: error.message });
      resolve(false);
    });
    req.end();
  });
}

process.on('message', async (message) => {
  if (message.type !== 'open') return;
  ({ port, shopId } = message);
  const devices = message.devices.map((d) => ({ ...d, cookie: 0, announced: undefined, cookieVersion: 0, pulling: false }));
  // A hundred at a time: a server copy takes a storm of opens as any other request.
  const opened = [];
  for (let i = 0; i < devices.length; i += 100) {
    const batch = devices.slice(i, i + 100);
    const results = await Promise.all(batch.map(open));
    batch.forEach((device, j) => results[j] && opened.push(device.index));
  }
  process.send({ type: 'opened', count: opened.length, indexes: opened, retries: devices.reduce((n, d) => n + (d.retries ?? 0), 0) });
});
