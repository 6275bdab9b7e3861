// How the shop server is started (`npm run server`, `npm run start:team`, the bench, the fault
// tests): node's arguments in one place. The old-space cap keeps the process's resident memory
// near 250 MB: without it V8 keeps the heap a large import grew, and a 4 MB semi-space keeps the
// young generation at 12 MB, not 48 (docs/performance.md, "Server");
// tests/server/memory-cap.test.ts proves the largest push the server accepts fits under it.
// The copy runs server/main.ts built into one JavaScript file (scripts/server-copy.mjs), not
// through tsx, whose loader stayed in the copy's memory (about 45 MB).
export const SERVER_NODE_ARGS = ['--max-old-space-size=160', '--max-semi-space-size=4', 'scripts/server-copy.mjs'];
