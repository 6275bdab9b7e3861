// The launch options live in scripts/lib/browser.mjs, shared with the benchmark and Lighthouse.
export { chromiumLaunchOptions } from '../../scripts/lib/browser.mjs';
