import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Menus and drawers close when the route changes (shell.md §2 Layout). */
export function useCloseOnRouteChange(close: () => void): void {
  const location = useLocation();
  const closeRef = useRef(close);
  closeRef.current = close;
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    closeRef.current();
  }, [location.key]);
}
