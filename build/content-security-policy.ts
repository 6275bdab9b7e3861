import type { Plugin } from 'vite';
import { createHash } from 'node:crypto';

/**
 * The app's Content-Security-Policy, one definition for the `<meta http-equiv>` that the build
 * writes into index.html (contentSecurityPolicyPlugin below), the Netlify `_headers`
 * file the build writes, and the Firebase Hosting header in firebase.json (checked against this
 * by tests/unit/content-security-policy.test.ts).
 *
 * Scripts: only the app's own files and the inline scripts of index.html by hash (no
 * 'unsafe-inline', no 'unsafe-eval'), plus, with a real Firebase project, the scripts Firebase
 * Auth loads itself: Google's API loader for the sign-in popup (apis.google.com) and reCAPTCHA
 * for a text-message second step. Styles keep 'unsafe-inline': the stylesheet is inlined into
 * index.html, react-hot-toast (goober) writes a `<style>` element and the invoice page renders
 * its print styles in one.
 */
export type AuthTarget =
  /** The Firebase Auth emulator (npm start, npm test): its origin. */
  | { kind: 'emulator'; url: string }
  /** A demo build: the service worker answers the SDK on the page's own origin. */
  | { kind: 'demo' }
  /** A real project: Google's endpoints, and the auth domain's popup iframe (host or pattern such as *.firebaseapp.com). */
  | { kind: 'firebase'; authDomains: string[] };

export interface PolicyOptions {
  auth: AuthTarget;
  /** CSP source expressions of the page's inline scripts ('sha256-…'). */
  scriptHashes: string[];
  /** A response header may say what a meta tag cannot: who may frame the page. */
  header?: boolean;
  /** The shop server's origin (VITE_SHOP_SERVER_URL), which the app syncs with, if any. */
  shopServer?: string | undefined;
}

/** The origin of VITE_SHOP_SERVER_URL (undefined when unset); a value that is not an http(s) URL fails the build. */
export function shopServerOrigin(env: Record<string, string | undefined>): string | undefined {
  const url = env.VITE_SHOP_SERVER_URL?.trim();
  if (!url) return undefined;
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) throw new Error(`VITE_SHOP_SERVER_URL must be an http(s) URL, not ${JSON.stringify(url)}`);
  return parsed.origin;
}

/** What Firebase Auth (firebase/auth 12, browser build) reaches in production. */
const FIREBASE_AUTH = {
  // REST calls: accounts and sign-in (Identity Toolkit), token refresh (Secure Token).
  connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
  // signInWithPopup loads https://apis.google.com/js/api.js; RecaptchaVerifier loads
  // https://www.google.com/recaptcha/api.js (or enterprise.js), which loads from www.gstatic.com.
  script: ['https://apis.google.com', 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  // reCAPTCHA's frames (the popup's frame is on the auth domain, added per project).
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

/** The policy's text: `directive sources; …`. */
export function contentSecurityPolicy({ auth, scriptHashes, header = false, shopServer }: PolicyOptions): string {
  const hashes = scriptHashes.map((hash) => `'${hash}'`);
  const production = auth.kind === 'firebase';
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...hashes, ...(production ? FIREBASE_AUTH.script : [])]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Product and profile images may be any https URL (sw/api/schema/file.ts), or uploads (/api/files, same origin).
    ['img-src', ["'self'", 'data:', 'blob:', 'https:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...(auth.kind === 'emulator' ? [new URL(auth.url).origin] : production ? FIREBASE_AUTH.connect : []), ...(shopServer ? [shopServer] : [])]],
    ['frame-src', production ? [...auth.authDomains.map((domain) => `https://${domain}`), ...FIREBASE_AUTH.frame] : ["'none'"]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    // Ignored in a meta tag (browsers warn), so only in headers.
    ...(header ? ([['frame-ancestors', ["'none'"]]] as Array<[string, string[]]>) : []),
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** The CSP hash source ('sha256-…') of each inline `<script>` (one without src) in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const scripts = html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi);
  return [...scripts].map(([, body]) => `sha256-${createHash('sha256').update(body ?? '', 'utf8').digest('base64')}`);
}

/** Which Firebase Auth the build talks to, from the build's VITE_* environment (as src/auth/firebase-config.ts decides). */
export function authTarget(env: Record<string, string | undefined>): AuthTarget {
  if (env.VITE_FIREBASE_API_KEY) {
    const domain = env.VITE_FIREBASE_AUTH_DOMAIN;
    return { kind: 'firebase', authDomains: domain ? [domain] : [] };
  }
  if (env.VITE_DEMO === '1') return { kind: 'demo' };
  return { kind: 'emulator', url: env.VITE_FIREBASE_AUTH_EMULATOR_URL || 'http://127.0.0.1:9099' };
}

/** The firebase.json header's project: any Firebase-hosted auth domain (a custom one must be added there). */
export const FIREBASE_HOSTING_AUTH: AuthTarget = { kind: 'firebase', authDomains: ['*.firebaseapp.com', '*.web.app'] };

/**
 * The Content-Security-Policy (contentSecurityPolicy above), for the Firebase Auth this
 * build talks to (VITE_* env: the emulator's URL, a demo build's own origin, or Google's
 * endpoints): a `<meta http-equiv>` first in index.html's head, with the hashes of its inline
 * scripts, and the same as a header (plus frame-ancestors) in `_headers` for Netlify. Build only:
 * the dev server injects inline scripts and talks to Vite over a websocket.
 */
export function contentSecurityPolicyPlugin(): Plugin {
  let base = '/';
  let env: Record<string, string | undefined> = {};
  let headerPolicy: string | undefined;
  return {
    name: 'shop-admin:content-security-policy',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      env = { ...config.env };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const options = { auth: authTarget(env), scriptHashes: inlineScriptHashes(html), shopServer: shopServerOrigin(env) };
        headerPolicy = contentSecurityPolicy({ ...options, header: true });
        const meta = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(options)}" />`;
        // First in the head: a policy covers only what comes after it.
        if (!/<meta charset="UTF-8" \/>/.test(html)) throw new Error('contentSecurityPolicyPlugin: index.html has no <meta charset="UTF-8" />');
        return html.replace(/<meta charset="UTF-8" \/>/, (charset) => `${charset}\n    ${meta}`);
      },
    },
    generateBundle: {
      order: 'post',
      handler() {
        if (!headerPolicy) throw new Error('contentSecurityPolicyPlugin: index.html was not transformed');
        this.emitFile({ type: 'asset', fileName: '_headers', source: `${base}*\n  Content-Security-Policy: ${headerPolicy}\n` });
      },
    },
  };
}
