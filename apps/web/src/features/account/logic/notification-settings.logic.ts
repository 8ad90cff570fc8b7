import type { NotificationSettingGroup } from '@meshport/contract';

export type Channel = 'email' | 'browser';
/** Each notification type's choice per channel, by type id. */
export type SettingsState = Readonly<Record<number, { readonly email: boolean; readonly browser: boolean }>>;
/** A category checkbox: checked when all its items are, partial when some are (administration.md §2). */
export type CategoryState = 'checked' | 'indeterminate' | 'clear';

export function settingsState(groups: readonly NotificationSettingGroup[]): SettingsState {
  const state: Record<number, { email: boolean; browser: boolean }> = {};
  for (const group of groups) {
    for (const setting of group.settings) {
      state[setting.notification_type_id] = { email: setting.email === 1, browser: setting.browser === 1 };
    }
  }
  return state;
}

export function categoryState(group: NotificationSettingGroup, state: SettingsState, channel: Channel): CategoryState {
  const on = group.settings.filter((setting) => state[setting.notification_type_id]?.[channel] === true).length;
  if (on === 0) return 'clear';
  return on === group.settings.length ? 'checked' : 'indeterminate';
}

export function setItem(state: SettingsState, typeId: number, channel: Channel, on: boolean): SettingsState {
  const current = state[typeId] ?? { email: false, browser: false };
  return { ...state, [typeId]: { ...current, [channel]: on } };
}

/** Clicking a category: a clear or partial one checks all its items, a checked one clears them. */
export function toggleCategory(state: SettingsState, group: NotificationSettingGroup, channel: Channel): SettingsState {
  const on = categoryState(group, state, channel) !== 'checked';
  return group.settings.reduce((next, setting) => setItem(next, setting.notification_type_id, channel, on), state);
}

/** The types whose choice differs from what was loaded, as POST /my-account takes them. */
export function changedSettings(
  initial: SettingsState,
  state: SettingsState,
): { notification_type_id: number; email: boolean; browser: boolean }[] {
  return Object.entries(state)
    .filter(([id, value]) => {
      const before = initial[Number(id)];
      return !before || before.email !== value.email || before.browser !== value.browser;
    })
    .map(([id, value]) => ({ notification_type_id: Number(id), email: value.email, browser: value.browser }));
}
