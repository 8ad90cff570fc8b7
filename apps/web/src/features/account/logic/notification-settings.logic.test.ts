import type { NotificationSettingGroup } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import {
  categoryState,
  changedSettings,
  setItem,
  settingsState,
  toggleCategory,
} from './notification-settings.logic.ts';

const group: NotificationSettingGroup = {
  category: 'Processing',
  settings: [
    { notification_type_id: 1, notification_type_title: 'A', email: 0, browser: 1 },
    { notification_type_id: 2, notification_type_title: 'B', email: 1, browser: 1 },
  ],
};

describe('notification settings', () => {
  it('shows a category checked, partial or clear from its items', () => {
    const state = settingsState([group]);
    expect(categoryState(group, state, 'browser')).toBe('checked');
    expect(categoryState(group, state, 'email')).toBe('indeterminate');
    expect(categoryState(group, setItem(state, 2, 'email', false), 'email')).toBe('clear');
    expect(categoryState({ category: 'Empty', settings: [] }, state, 'email')).toBe('clear');
  });

  it('checks every item of a clear or partial category and clears a checked one', () => {
    const state = settingsState([group]);
    const all = toggleCategory(state, group, 'email');
    expect(all).toEqual({ 1: { email: true, browser: true }, 2: { email: true, browser: true } });
    const none = toggleCategory(state, group, 'browser');
    expect(none).toEqual({ 1: { email: false, browser: false }, 2: { email: true, browser: false } });
    expect(state).toEqual({ 1: { email: false, browser: true }, 2: { email: true, browser: true } });
  });

  it('sends only what changed', () => {
    const initial = settingsState([group]);
    expect(changedSettings(initial, initial)).toEqual([]);
    const next = setItem(setItem(initial, 1, 'email', true), 2, 'browser', true);
    expect(changedSettings(initial, next)).toEqual([{ notification_type_id: 1, email: true, browser: true }]);
  });
});
