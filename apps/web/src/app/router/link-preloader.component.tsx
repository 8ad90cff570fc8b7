import { useEffect } from 'react';
import { useAuth } from '@/lib/session/auth.context.ts';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { preloadRoute } from './route-preload.ts';

const INTENT_EVENTS = ['mouseover', 'focusin', 'touchstart'] as const;

/**
 * Fetches the screen behind an in-app link as soon as the pointer rests on it, a finger touches it or it gets the
 * keyboard focus: by the click its code and namespaces are usually in, and the screen renders at once, without a
 * Suspense fallback and the 300 ms React holds a screen back after one (decision 0047). The route's guard applies
 * as on a full load: a link to a screen the user may not open fetches nothing.
 */
export function LinkPreloader() {
  const { user } = useAuth();
  const { platform } = useTenant();
  useEffect(() => {
    const asked = new Set<string>();
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      if (asked.has(link.pathname)) return;
      asked.add(link.pathname);
      void preloadRoute(link.pathname, { user, platform });
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { passive: true });
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent);
    };
  }, [user, platform]);
  return null;
}
