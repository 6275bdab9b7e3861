import type { $ZodConfig } from 'zod/v4/core';

// Before any schema is made: zod compiles object schemas with `new Function` unless told not
// to, and even its probe for that is reported as a violation of the Content-Security-Policy
// (no 'unsafe-eval'; see vite.config.ts). Every copy of zod in the page reads its settings from
// one object on globalThis, `__zod_globalConfig` (zod/v4/core/core.js: made if missing, else
// kept), so the entry writes the setting there itself instead of importing zod's `config()`:
// that import would make the entry wait for, and evaluate, the start-up libraries' chunk
// (zod's core sits in it with React and the router) before the first paint, which cost /login
// its Lighthouse score. tests/unit/zod-jitless.test.ts checks that zod reads it.
const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: $ZodConfig };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });
