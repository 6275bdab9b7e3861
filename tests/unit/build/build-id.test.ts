import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from 'vite';
import { buildIdPlugin, gitCommit, makeBuildId } from '../../../build/build-id';

const saved = process.env.VITE_BUILD_ID;
afterEach(() => {
  if (saved === undefined) delete process.env.VITE_BUILD_ID;
  else process.env.VITE_BUILD_ID = saved;
});

/** What the built code reads as import.meta.env.VITE_BUILD_ID, for `vite build` or `vite dev`. */
async function builtId(command: 'build' | 'serve', make: () => string) {
  const config = await resolveConfig({ configFile: false, logLevel: 'silent', plugins: [buildIdPlugin(process.env, make)] }, command);
  return config.env.VITE_BUILD_ID as string | undefined;
}

describe('build id', () => {
  it('is the build time and the commit, sorting by time', () => {
    expect(makeBuildId(new Date('2026-11-28T03:40:12.345Z'), 'ae44d68')).toBe('20261128T034012Z-ae44d68');
    expect(makeBuildId(new Date('2026-11-28T03:40:12.345Z'), null)).toBe('20261128T034012Z');
    expect(makeBuildId(new Date('2026-11-28T03:40:13Z'), 'ae44d68') > makeBuildId(new Date('2026-11-28T03:40:12Z'), 'ae44d68')).toBe(true);
    // This checkout is a git work tree: its commit, marked when the tree has changes.
    expect(gitCommit()).toMatch(/^[0-9a-f]{7,}(-dirty)?$/);
    expect(makeBuildId()).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{7,}(-dirty)?$/);
  });

  it('is what every `vite build` without VITE_BUILD_ID gives the app and its worker (not `local`)', async () => {
    delete process.env.VITE_BUILD_ID;
    expect(await builtId('build', () => '20261128T034012Z-ae44d68')).toBe('20261128T034012Z-ae44d68');
    // The worker's build (vite-plugin-pwa, a second build in the same process) reads the same id.
    expect(process.env.VITE_BUILD_ID).toBe('20261128T034012Z-ae44d68');
    expect(await builtId('build', () => 'another')).toBe('20261128T034012Z-ae44d68');
  });

  it('keeps an id a deploy or a test sets, and leaves `vite dev` at `local`', async () => {
    process.env.VITE_BUILD_ID = 'next';
    expect(await builtId('build', () => 'made')).toBe('next');
    delete process.env.VITE_BUILD_ID;
    expect(await builtId('serve', () => 'made')).toBeUndefined();
  });
});
