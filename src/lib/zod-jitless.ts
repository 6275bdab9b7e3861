import { config } from 'zod/mini';

// Before any schema is made: zod compiles object schemas with `new Function` unless told not
// to, and even its probe for that is reported as a violation of the Content-Security-Policy
// (no 'unsafe-eval'; see scripts/content-security-policy.ts). Every copy of zod in the page
// shares this setting (it lives on globalThis).
config({ jitless: true });
