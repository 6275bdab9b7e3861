// A stand-in for the Auth emulator's account lookup, as its own process (the server bench,
// scripts/bench-server.mjs). In emulator mode firebase-admin asks the emulator on every
// verifyIdToken whether the token's user exists and is not disabled (POST …/accounts:lookup);
// this answers "exists, enabled" for every uid, as tests/server/support.ts does in-process,
// so the bench runs without the emulator (which needs Java). Prints `listening <port>`.
//   node scripts/lib/auth-lookup-stub.mjs [port]
import { createServer } from 'node:http';

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    if (!request.url?.includes('accounts:lookup')) {
      response.writeHead(404).end();
      return;
    }
    let ids;
    try {
      ids = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}').localId ?? [];
    } catch {
      response.writeHead(400).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ kind: 'identitytoolkit#GetAccountInfoResponse', users: ids.map((localId) => ({ localId, disabled: false, validSince: '0' })) }));
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.argv[2] || 0), '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
