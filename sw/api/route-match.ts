/**
 * Finds a path's route in a table keyed by path patterns (`/api/users/:id/replies`): an exact
 * match, else the first pattern whose segments all match, its `:name` segments as params.
 * Used by the /api router and the sync's own route table.
 */
export function routeFinder<R>(table: Readonly<Record<string, R>>): (path: string) => { route: R; params: Record<string, string> } | undefined {
  const patterns = Object.entries(table)
    .filter(([path]) => path.includes('/:'))
    .map(([path, route]) => ({ segments: path.split('/'), route }));
  return (path) => {
    if (Object.hasOwn(table, path)) return { route: table[path]!, params: {} };
    const segments = path.split('/');
    for (const pattern of patterns) {
      if (pattern.segments.length !== segments.length) continue;
      const params: Record<string, string> = {};
      const matches = pattern.segments.every((expected, i) => {
        const actual = segments[i]!;
        if (!expected.startsWith(':')) return expected === actual;
        params[expected.slice(1)] = actual;
        return actual !== '';
      });
      if (matches) return { route: pattern.route, params };
    }
    return undefined;
  };
}
