import type { Plugin } from 'vite';
import { execFileSync } from 'node:child_process';

/**
 * The build id every production build carries (VITE_BUILD_ID, read by the worker in
 * sw/build-id.ts and recorded in each outbox entry): when it was built and from which commit,
 * e.g. `20261128T034012Z-ae44d68` (`-dirty` when the tree had uncommitted changes). Two deploys
 * of the same commit still differ by their time; a later build sorts after an earlier one.
 */
export function makeBuildId(now: Date = new Date(), commit: string | null = gitCommit()): string {
  const time = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return commit ? `${time}-${commit}` : time;
}

/** The short commit of the working tree, `-dirty` when it has changes; null outside git. */
export function gitCommit(cwd: string = process.cwd()): string | null {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const sha = git('rev-parse', '--short=7', 'HEAD');
    const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
    return dirty ? `${sha}-dirty` : sha;
  } catch {
    return null;
  }
}

/**
 * Gives a build without VITE_BUILD_ID one (an id set by a deploy, or a test's `next`, is kept).
 * Through the environment, before Vite reads it: the app's build and the worker's (built
 * apart by vite-plugin-pwa) read the same id. `vite dev` keeps `local`.
 */
export function buildIdPlugin(env: NodeJS.ProcessEnv = process.env, make: () => string = makeBuildId): Plugin {
  return {
    name: 'shop-admin:build-id',
    config(_config, { command }) {
      if (command === 'build' && !env.VITE_BUILD_ID) env.VITE_BUILD_ID = make();
    },
  };
}
