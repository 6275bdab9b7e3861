import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { chromiumLaunchOptions } from '../browser';

/** Starts the browser (again) on the same profile: a full restart keeps what the app stored. */
export type LaunchProfile = () => Promise<BrowserContext>;

/**
 * Runs `journey` with a fresh browser profile (a temp dir) that it may launch as often as it
 * likes, service worker allowed. Afterwards every browser it launched is closed (a failed check
 * leaves its browser open: closing it first keeps the failure what is reported) and the profile
 * is removed.
 */
export async function withPersistentProfile<T>(baseURL: string | undefined, journey: (launch: LaunchProfile) => Promise<T>): Promise<T> {
  const profile = mkdtempSync(join(tmpdir(), 'shop-admin-profile-'));
  const contexts: BrowserContext[] = [];
  const launch: LaunchProfile = async () => {
    const context = await chromium.launchPersistentContext(profile, { ...chromiumLaunchOptions(), baseURL, serviceWorkers: 'allow' });
    contexts.push(context);
    return context;
  };
  try {
    return await journey(launch);
  } finally {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    // Chromium may still be writing to the profile as it exits; a leftover temp dir fails nothing.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 });
    } catch (error) {
      console.warn(`Could not remove ${profile}: ${String(error)}`);
    }
  }
}
