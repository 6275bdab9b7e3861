import { useCallback, useState } from 'react';

export const SIDEBAR_COLLAPSED_KEY = 'shop-admin:sidebar-collapsed';

/** Whether the desktop sidebar was left collapsed (false when unknown or storage is blocked). */
export function readSidebarCollapsed(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function writeSidebarCollapsed(collapsed: boolean): void {
  try {
    window.localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(collapsed));
  } catch {
    // Storage unavailable: the choice just lasts for this session.
  }
}

/** The desktop sidebar's collapsed state, remembered in localStorage. */
export function useSidebarCollapsed(): [collapsed: boolean, setCollapsed: (collapsed: boolean) => void] {
  const [collapsed, setState] = useState(readSidebarCollapsed);
  const setCollapsed = useCallback((next: boolean) => {
    setState(next);
    writeSidebarCollapsed(next);
  }, []);
  return [collapsed, setCollapsed];
}
