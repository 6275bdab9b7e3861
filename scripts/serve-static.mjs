// A plain static file server, like the simplest static host: serves a directory under a base
// path, with NO rewrites (an unknown path is a 404, a directory serves its index.html). Used by
// the demo's e2e test (tests/e2e/demo.spec.ts) to prove the demo build needs nothing more.
//   node scripts/serve-static.mjs <dir> [--base /shop-admin/] [--port 4174]
import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The file a URL path names under `root`, or null (outside the base, outside the root, or missing). */
function fileFor(root, base, pathname) {
  if (!pathname.startsWith(base)) return null;
  let relative;
  try {
    relative = decodeURIComponent(pathname.slice(base.length));
  } catch {
    return null;
  }
  const path = normalize(join(root, relative));
  if (path !== root && !path.startsWith(root + sep)) return null;
  try {
    const stat = statSync(path);
    if (stat.isFile()) return path;
    if (stat.isDirectory()) {
      const index = join(path, 'index.html');
      return statSync(index).isFile() ? index : null;
    }
  } catch {
    return null;
  }
  return null;
}

/** Starts the server; resolves with it once it listens. */
export function serveStatic({ dir, base = '/', port = 4174, host = '127.0.0.1' }) {
  const root = resolve(dir);
  const prefix = `/${base.replace(/^\/+|\/+$/g, '')}/`.replace('//', '/');
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const file = req.method === 'GET' || req.method === 'HEAD' ? fileFor(root, prefix, pathname) : null;
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  return new Promise((resolveServer, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolveServer(server));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const at = args.indexOf(name);
    return at === -1 ? fallback : args[at + 1];
  };
  const dir = args.find((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 'dist';
  const base = option('--base', process.env.BASE_PATH || '/');
  const port = Number(option('--port', process.env.DEMO_PORT || 4174));
  await serveStatic({ dir, base, port, host: option('--host', 'localhost') });
  console.log(`Serving ${dir} at http://localhost:${port}${base}`);
}
