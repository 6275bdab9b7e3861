import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from './browser';
import { SIGNED_IN } from './support/signed-in';

interface ImageResource {
  src: string;
  sizes?: string;
  type?: string;
  purpose?: string;
  form_factor?: string;
  label?: string;
}
interface Shortcut {
  name: string;
  url: string;
  icons?: ImageResource[];
}
interface WebManifest {
  id?: string;
  name?: string;
  short_name?: string;
  description?: string;
  theme_color?: string;
  background_color?: string;
  display?: string;
  start_url?: string;
  scope?: string;
  icons?: ImageResource[];
  screenshots?: ImageResource[];
  shortcuts?: Shortcut[];
}

/** Width and height from a PNG's IHDR chunk; fails when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(0, 8).equals(signature), 'PNG signature').toBe(true);
  expect(bytes.toString('latin1', 12, 16), 'first chunk is IHDR').toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Loads an image the manifest lists and checks status, content type and its declared size. */
async function expectImage(request: APIRequestContext, base: string, image: ImageResource) {
  const url = new URL(image.src, base).href;
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  const contentType = res.headers()['content-type'] ?? '';
  expect(contentType, url).toMatch(/^image\//);
  if (image.type) expect(contentType.split(';')[0], `${url} served as its declared type`).toBe(image.type);
  const { width, height } = pngSize(await res.body());
  expect(image.sizes, `${url} declares its size`).toMatch(/^\d+x\d+$/);
  expect(`${width}x${height}`, `${url} has its declared size`).toBe(image.sizes);
  return { url, width, height };
}

async function loadManifest(page: Page) {
  await page.goto('/login');
  const link = page.locator('link[rel="manifest"]');
  await expect(link).toHaveCount(1);
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  const url = new URL(href!, page.url()).href;
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/(manifest\+)?json/);
  const manifest = JSON.parse(await res.text()) as WebManifest;
  return { url, manifest };
}

// One page for the four signed-out checks of the manifest (each was its own test; now a step).
test('the manifest: identity and display, icons, apple-touch-icon and screenshots', async ({ page }) => {
  await test.step('the manifest is linked, valid JSON, and has the app identity and standalone display', async () => {
    const { url, manifest } = await loadManifest(page);
    expect(manifest.name).toBe('Shop Admin');
    expect(manifest.short_name, 'a short name that a launcher does not truncate').toMatch(/^.{1,12}$/);
    expect(manifest.description?.trim().length ?? 0).toBeGreaterThan(10);
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    // The page's own theme colour matches, so the title bar does not change colour on install.
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color!);

    const origin = new URL(page.url()).origin;
    expect(new URL(manifest.id!, url).href).toBe(`${origin}/`);
    const start = new URL(manifest.start_url!, url);
    const scope = new URL(manifest.scope!, url);
    expect(start.href).toBe(`${origin}/`);
    expect(scope.href).toBe(`${origin}/`);
    expect(start.origin).toBe(scope.origin);
    expect(start.pathname.startsWith(scope.pathname), 'start_url within scope').toBe(true);
  });

  await test.step('every icon loads as a PNG of its declared size: 192, 512 and a maskable one with safe-zone padding', async () => {
    const { url, manifest } = await loadManifest(page);
    const icons = manifest.icons ?? [];
    for (const icon of icons) await expectImage(page.request, url, icon);

    const purposes = (icon: ImageResource) => (icon.purpose ?? 'any').split(/\s+/);
    for (const icon of icons) {
      for (const purpose of purposes(icon)) expect(['any', 'maskable', 'monochrome']).toContain(purpose);
    }
    const anyIcons = icons.filter((i) => purposes(i).includes('any'));
    expect(anyIcons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    // A maskable icon listed on its own: an "any maskable" icon would be shown cropped or padded wrongly.
    const maskable = icons.filter((i) => i.purpose === 'maskable');
    expect(maskable.length).toBeGreaterThan(0);
    expect(maskable.map((i) => i.sizes)).toContain('512x512');

    // The maskable icon is opaque to its edges and everything outside the safe zone (the centred
    // circle of 40% radius) is plain background, so no mask shape cuts into the artwork.
    for (const icon of maskable) {
      const result = await page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
        const bg = [data[0], data[1], data[2]];
        let transparent = 0;
        let outsideSafeZone = 0;
        let inSafeZoneDiffering = 0;
        const radius = 0.4 * width;
        for (let y = 0; y < height; y++) {
          for (let x = 0; x < width; x++) {
            const i = (y * width + x) * 4;
            if (data[i + 3]! < 255) transparent++;
            const differs = Math.abs(data[i]! - bg[0]!) + Math.abs(data[i + 1]! - bg[1]!) + Math.abs(data[i + 2]! - bg[2]!) > 6;
            if (!differs) continue;
            if (Math.hypot(x + 0.5 - width / 2, y + 0.5 - height / 2) > radius) outsideSafeZone++;
            else inSafeZoneDiffering++;
          }
        }
        return { transparent, outsideSafeZone, inSafeZoneDiffering };
      }, new URL(icon.src, url).href);
      expect(result.transparent, `${icon.src}: no transparent pixels`).toBe(0);
      expect(result.outsideSafeZone, `${icon.src}: artwork inside the safe zone`).toBe(0);
      expect(result.inSafeZoneDiffering, `${icon.src}: has artwork, not a plain square`).toBeGreaterThan(1000);
    }
  });

  await test.step('the apple-touch-icon is linked and is a 180x180 PNG', async () => {
    await page.goto('/login');
    const link = page.locator('link[rel="apple-touch-icon"]');
    await expect(link).toHaveCount(1);
    const href = (await link.getAttribute('href'))!;
    await expectImage(page.request, page.url(), { src: href, sizes: '180x180', type: 'image/png' });
  });

  await test.step('the screenshots load at their declared sizes: one wide 1280x720 and one narrow 390x844', async () => {
    const { url, manifest } = await loadManifest(page);
    const screenshots = manifest.screenshots ?? [];
    for (const shot of screenshots) {
      const { width, height } = await expectImage(page.request, url, shot);
      expect(shot.label?.trim(), `${shot.src} has a label`).toBeTruthy();
      if (shot.form_factor === 'wide') expect(width).toBeGreaterThan(height);
      if (shot.form_factor === 'narrow') expect(height).toBeGreaterThan(width);
    }
    expect(screenshots.find((s) => s.form_factor === 'wide')?.sizes).toBe('1280x720');
    expect(screenshots.find((s) => s.form_factor !== 'wide')?.sizes).toBe('390x844');
  });
});

test('Chrome parses the manifest without errors and finds the app installable', async ({ playwright, baseURL }, testInfo) => {
  // Chrome reports only "in-incognito" for Playwright's usual (incognito) contexts, so the
  // installability check runs in a real profile.
  const context = await playwright.chromium.launchPersistentContext(testInfo.outputPath('profile'), { ...chromiumLaunchOptions(), baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const { url } = await loadManifest(page);
    const cdp = await context.newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: Array<{ message: string }> };
    expect(parsed.url).toBe(url);
    expect(parsed.errors.map((e) => e.message)).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
  } finally {
    await context.close();
  }
});

test.describe('signed in', () => {
  test.use({ storageState: SIGNED_IN });

  test('the shortcuts open Orders, Products and Invoices, each with a 96x96 icon', async ({ page }) => {
    const { url, manifest } = await loadManifest(page);
    const shortcuts = manifest.shortcuts ?? [];
    // Shortcut URLs are relative to the manifest, so a build under a base path keeps them inside it.
    const pathOf = (shortcutUrl: string) => new URL(shortcutUrl, url).pathname;
    expect(shortcuts.map((s) => [s.name, pathOf(s.url)])).toEqual([
      ['Orders', '/orders'],
      ['Products', '/products'],
      ['Invoices', '/invoices'],
    ]);
    const scope = new URL(manifest.scope!, url).href;
    for (const shortcut of shortcuts) {
      expect(new URL(shortcut.url, url).href.startsWith(scope), `${shortcut.url} within scope`).toBe(true);
      const icons = shortcut.icons ?? [];
      expect(icons.map((i) => i.sizes)).toContain('96x96');
      for (const icon of icons) await expectImage(page.request, url, icon);
    }

    // Each shortcut lands on its screen once signed in (the saved demo session).
    for (const shortcut of shortcuts) {
      await page.goto(pathOf(shortcut.url));
      await expect(page).toHaveTitle(`${shortcut.name} · Shop Admin`);
      expect(new URL(page.url()).pathname).toBe(pathOf(shortcut.url));
      await expect(page.getByRole('heading', { level: 1, name: shortcut.name })).toBeVisible();
    }
  });
});
