import { type ComponentType, lazy } from 'react';
import type { ScreenLoader } from './route-entry.types.ts';

/** Screens whose code has arrived, by id: rendered at once, without a Suspense fallback. */
const arrived = new Map<string, ComponentType>();
/** Screens first rendered before their code arrived: the same lazy component for good (a new one would remount). */
const lazyScreens = new Map<string, ComponentType>();

/**
 * The component of screen `id`. When its code was fetched ahead (route-preload.ts) it is the screen itself; else
 * a lazy one that suspends while `load` runs. Fetching ahead matters beyond the fetch: React holds back a screen
 * that replaces a Suspense fallback until 300 ms after that fallback appeared, so a first screen that never
 * shows one is on screen that much sooner.
 */
export function screenComponent(id: string, load: ScreenLoader): ComponentType {
  let screen = lazyScreens.get(id) ?? arrived.get(id);
  if (!screen) {
    screen = lazy(() => fetchScreenCode(id, load));
    lazyScreens.set(id, screen);
  }
  return screen;
}

/** Runs `load` and keeps the screen for `screenComponent`. */
export async function fetchScreenCode(id: string, load: ScreenLoader): Promise<{ default: ComponentType }> {
  const module = await load();
  arrived.set(id, module.default);
  return module;
}
