import { describe, expect, it } from 'vitest';
import { stateWithTab, tabFromState, visibleTabs } from './processor-tabs.logic.ts';

describe('processor tabs (content.md §2)', () => {
  it('shows Materials only with list-materials', () => {
    expect(visibleTabs(() => true)).toEqual(['models', 'items', 'materials']);
    expect(visibleTabs((permission) => permission !== 'list-materials')).toEqual(['models', 'items']);
  });

  it('opens the tab of the navigation state, otherwise Models', () => {
    const all = visibleTabs(() => true);
    expect(tabFromState({ tab: 1 }, all)).toBe('items');
    expect(tabFromState({ tab: 2 }, all)).toBe('materials');
    expect(tabFromState({ tab: 2 }, ['models', 'items'])).toBe('models');
    expect(tabFromState({ tab: 7 }, all)).toBe('models');
    expect(tabFromState({ tab: '1' }, all)).toBe('models');
    expect(tabFromState('processor', all)).toBe('models');
    expect(tabFromState(null, all)).toBe('models');
  });

  it('keeps the chosen tab in the history state beside what was there', () => {
    expect(stateWithTab({ from: 'x', tab: 0 }, 'materials')).toEqual({ from: 'x', tab: 2 });
    expect(stateWithTab(null, 'items')).toEqual({ tab: 1 });
  });
});
