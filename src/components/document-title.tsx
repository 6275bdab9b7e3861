import { useEffect } from 'react';
import { useRouterState } from '@tanstack/react-router';

/**
 * The page's title: the deepest matched route's `head` title (every route's `head` gives only
 * a title). What TanStack Router's HeadContent would write, without its tags for scripts,
 * links, styles and server rendering (~2.5 KB gzip of every start-up).
 */
export function DocumentTitle() {
  const title = useRouterState({
    select: (state) => {
      const titles = state.matches.flatMap((match) => match.meta?.map((meta) => meta?.title) ?? []);
      return titles.filter(Boolean).at(-1);
    },
  });
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return null;
}
