// Builds the shop server (server/main.ts and what it imports of domain/ and seed/) into one
// JavaScript file, dist-server/main.mjs, that node runs as it is: packages stay imports of
// node_modules. A copy started through tsx carried tsx's module loader for its whole life (its
// own thread and V8 heap, and esbuild's): about 45 MB of resident memory before any request
// (docs/performance.md, "Many devices on one copy"). Run by scripts/server-copy.mjs at each start.
// Each module keeps its own `import.meta.url` (server/db/migrate.ts finds its migrations by it).
import { renameSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const SERVER_BUNDLE = 'dist-server/main.mjs';

/** Each TypeScript module's `import.meta.url` as its source file's, not the bundle's. */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/** Builds the bundle (written under another name, then renamed: copies starting at once never read half a file). */
export async function buildServer(root = process.cwd()) {
  const temporary = `${SERVER_BUNDLE}.${process.pid}.tmp`;
  await build({
    absWorkingDir: root,
    entryPoints: ['server/main.ts'],
    outfile: temporary,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    plugins: [ownImportMetaUrl],
  });
  renameSync(`${root}/${temporary}`, `${root}/${SERVER_BUNDLE}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer();
