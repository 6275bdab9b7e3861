import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';

interface PlainLinkProps {
  /** An app path (`/users/12`). */
  href: string;
  className?: string;
  'aria-label'?: string;
  children: ReactNode;
}

/** As <Link>'s `defaultPreloadDelay`: a pointer passing over a link does not preload it. */
const PRELOAD_DELAY_MS = 50;

/** The build's base path without its trailing slash ('' at '/', '/shop-admin' under BASE_PATH=/shop-admin/). */
const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

/**
 * The list kit's links (a row's name, View, Edit, Create): a plain anchor the router
 * follows in the app (a modified click, e.g. Ctrl/Cmd for a new tab, stays the browser's),
 * loading the route's code on intent (hover, focus) as <Link> does with `defaultPreload:
 * 'intent'`. <Link> does much more work per render (a subscription to the location,
 * building the location, its active state), and each new search mounts a page of row
 * links: with <Link> the rows of a search took noticeably longer to render
 * (TanStack/router#5823).
 */
export function PlainLink({ href, className, 'aria-label': label, children }: PlainLinkProps) {
  const router = useRouter();
  const hover = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(hover.current), []);
  // The code of the routes the link opens (their data comes from the local worker, fast).
  const preload = () => {
    for (const route of router.getMatchedRoutes(new URL(href, window.location.origin).pathname)[0]) void router.loadRouteChunk(route)?.catch(() => undefined);
  };
  const follow = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <a
      // The address the browser sees (a new tab, copying the link) is under the base path;
      // the router takes the app path.
      href={`${BASE}${href}`}
      className={className}
      aria-label={label}
      onClick={follow}
      onFocus={preload}
      onMouseEnter={() => (hover.current = setTimeout(preload, PRELOAD_DELAY_MS))}
      onMouseLeave={() => clearTimeout(hover.current)}
    >
      {children}
    </a>
  );
}
