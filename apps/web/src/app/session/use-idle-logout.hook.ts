import { useEffect, useRef } from 'react';

/** The activity that resets the 30-minute idle timer (spec: shell.md §4). */
export const ACTIVITY_EVENTS = ['load', 'mousemove', 'mousedown', 'click', 'scroll', 'keypress'] as const;

/**
 * Calls `onIdle` once after `minutes` without activity. Disabled when `minutes` is null.
 * Activity only stamps the time; a single timer re-arms itself for the remaining time.
 */
export function useIdleLogout(minutes: number | null, onIdle: () => void): void {
  const onIdleRef = useRef(onIdle);
  onIdleRef.current = onIdle;

  useEffect(() => {
    if (minutes === null || minutes <= 0) return;
    const timeout = minutes * 60_000;
    let lastActivity = Date.now();
    let timer: ReturnType<typeof setTimeout>;

    const check = () => {
      const idleFor = Date.now() - lastActivity;
      if (idleFor >= timeout) onIdleRef.current();
      else timer = setTimeout(check, timeout - idleFor);
    };
    const touch = () => {
      lastActivity = Date.now();
    };

    timer = setTimeout(check, timeout);
    for (const name of ACTIVITY_EVENTS) {
      window.addEventListener(name, touch, { passive: true, capture: true });
    }
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, touch, { capture: true });
    };
  }, [minutes]);
}
