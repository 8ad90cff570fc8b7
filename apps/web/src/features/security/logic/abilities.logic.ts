import { ABILITY_GROUPS, type AbilityGroup } from '@meshport/contract';

export type GroupState = 'all' | 'some' | 'none';

/** The group checkbox: checked when all its abilities are, partial when only some are. */
export function groupState(selected: readonly string[], group: AbilityGroup): GroupState {
  const keys: readonly string[] = ABILITY_GROUPS[group];
  const count = keys.filter((key) => selected.includes(key)).length;
  return count === 0 ? 'none' : count === keys.length ? 'all' : 'some';
}

/**
 * Clicking the group checkbox: all of the group on unless all were on, then all off; only the
 * abilities the editor may tick change.
 */
export function toggleGroup(
  selected: readonly string[],
  group: AbilityGroup,
  grantable: (ability: string) => boolean = () => true,
): string[] {
  const keys = (ABILITY_GROUPS[group] as readonly string[]).filter(grantable);
  const rest = selected.filter((key) => !keys.includes(key));
  return keys.every((key) => selected.includes(key)) ? rest : [...rest, ...keys];
}

/**
 * Grant only what you hold (the server refuses the rest): a member ticks the abilities they hold
 * and keeps or clears those the role already has; platform administrators tick any.
 */
export function grantableAbilities(
  user: { admin: boolean; abilities: readonly string[] },
  already: readonly string[],
): (ability: string) => boolean {
  return (ability) => user.admin || user.abilities.includes(ability) || already.includes(ability);
}

export function toggleAbility(selected: readonly string[], ability: string, checked: boolean): string[] {
  const rest = selected.filter((key) => key !== ability);
  return checked ? [...rest, ability] : rest;
}
