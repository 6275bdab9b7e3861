import { test as base } from '@playwright/test';

/**
 * `test` with `cspViolations`: every Content-Security-Policy violation any document of the page
 * reports (`securitypolicyviolation`, recorded from before the page's own scripts run and kept
 * across navigations), as "directive blocked-URI (source:line)". A test that uses it asserts
 * `expect(cspViolations).toEqual([])` at its end.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: async ({ page }, use) => {
    const seen: string[] = [];
    await page.exposeFunction('__reportCspViolation', (violation: string) => void seen.push(violation));
    await page.addInitScript(() => {
      const report = (window as unknown as { __reportCspViolation: (violation: string) => void }).__reportCspViolation;
      document.addEventListener('securitypolicyviolation', (event) => {
        report(`${event.effectiveDirective} ${event.blockedURI || '(inline)'} (${event.sourceFile || location.href}:${event.lineNumber}) on ${location.pathname}`);
      });
    });
    await use(seen);
  },
});

export { expect } from '@playwright/test';
