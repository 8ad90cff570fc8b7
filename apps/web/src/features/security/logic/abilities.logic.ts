import { ABILITY_GROUPS, type AbilityGroup } from '@meshport/contract';

export type GroupState = 'all' | 'some' | 'none';

/** The group checkbox: checked when all its abilities are, partial when only some are. */
export function groupState(selected: readonly string[], group: AbilityGroup): GroupState {
  const keys: readonly string[] = ABILITY_GROUPS[group];
  const count = keys.filter((key) => selected.includes(key)).length;
  return count === 0 ? 'none' : count === keys.length ? 'all' : 'some';
}

/** Clicking the group checkbox: all of the group on unless all were on, then all off. */
export function toggleGroup(selected: readonly string[], group: AbilityGroup): string[] {
  const keys: readonly string[] = ABILITY_GROUPS[group];
  const rest = selected.filter((key) => !keys.includes(key));
  return groupState(selected, group) === 'all' ? rest : [...rest, ...keys];
}

export function toggleAbility(selected: readonly string[], ability: string, checked: boolean): string[] {
  const rest = selected.filter((key) => key !== ability);
  return checked ? [...rest, ability] : rest;
}
