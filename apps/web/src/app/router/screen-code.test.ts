import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { fetchScreenCode, screenComponent } from './screen-code.ts';

const LAZY = Symbol.for('react.lazy');
const Screen = () => null;
const isLazy = (component: ComponentType) => (component as unknown as { $$typeof?: symbol }).$$typeof === LAZY;

describe('screen code', () => {
  it('renders a screen fetched ahead as itself: no Suspense fallback, so no hold after one', async () => {
    await fetchScreenCode('test-ahead', () => Promise.resolve({ default: Screen }));
    expect(screenComponent('test-ahead', () => Promise.reject(new Error('not fetched again')))).toBe(Screen);
  });

  it('gives a screen not fetched yet one lazy component, kept after its code arrives (no remount)', async () => {
    const first = screenComponent('test-late', () => Promise.resolve({ default: Screen }));
    expect(isLazy(first)).toBe(true);
    await fetchScreenCode('test-late', () => Promise.resolve({ default: Screen }));
    expect(screenComponent('test-late', () => Promise.resolve({ default: Screen }))).toBe(first);
  });
});
