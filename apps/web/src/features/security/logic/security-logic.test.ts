import { describe, expect, it } from 'vitest';
import { grantableAbilities, groupState, toggleAbility, toggleGroup } from './abilities.logic.ts';
import { licenceDisabled, toggleLicence } from './licences.logic.ts';

const seat = (bought: number, used: number) => ({ licence: 'hatch' as const, bought, used });

describe('licence rules (administration.md §4)', () => {
  it('unchecking design_and_sales clears hatch; others toggle alone', () => {
    expect(toggleLicence(['design_and_sales', 'hatch', 'standalone'], 'design_and_sales', false)).toEqual([
      'standalone',
    ]);
    expect(toggleLicence(['design_and_sales', 'hatch'], 'hatch', false)).toEqual(['design_and_sales']);
    expect(toggleLicence(['design_and_sales'], 'hatch', true)).toEqual(['design_and_sales', 'hatch']);
  });

  it('disables a licence none were bought of, hatch without design_and_sales, and a full one not held', () => {
    expect(licenceDisabled('standalone', [], { ...seat(0, 0), licence: 'standalone' }, [])).toBe(true);
    expect(licenceDisabled('standalone', [], undefined, [])).toBe(true);
    expect(licenceDisabled('hatch', [], seat(5, 0), [])).toBe(true);
    expect(licenceDisabled('hatch', ['design_and_sales'], seat(5, 0), [])).toBe(false);
    expect(licenceDisabled('hatch', ['design_and_sales'], seat(2, 2), [])).toBe(true);
    expect(licenceDisabled('hatch', ['design_and_sales'], seat(2, 2), ['hatch'])).toBe(false);
    expect(licenceDisabled('hatch', ['design_and_sales', 'hatch'], seat(2, 2), [])).toBe(false);
  });
});

describe('abilities editor', () => {
  it('reads a group as all, some or none, and toggles it whole', () => {
    expect(groupState([], 'company')).toBe('none');
    expect(groupState(['view-company'], 'company')).toBe('some');
    expect(groupState(['view-company', 'edit-company'], 'company')).toBe('all');
    expect(toggleGroup(['view-company', 'list-labels'], 'company').sort()).toEqual([
      'edit-company',
      'list-labels',
      'view-company',
    ]);
    expect(toggleGroup(['view-company', 'edit-company', 'list-labels'], 'company')).toEqual(['list-labels']);
    expect(toggleAbility(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleAbility(['a', 'b'], 'a', false)).toEqual(['b']);
  });

  it('lets a member tick only what they hold, keep what the role has, and toggles a group within that', () => {
    const member = grantableAbilities({ admin: false, abilities: ['view-company'] }, ['list-labels']);
    expect(['view-company', 'edit-company', 'list-labels'].map(member)).toEqual([true, false, true]);
    expect(toggleGroup([], 'company', member)).toEqual(['view-company']);
    expect(toggleGroup(['view-company'], 'company', member)).toEqual([]);
    expect(toggleGroup(['view-company', 'edit-company'], 'company', member)).toEqual(['edit-company']);
    expect(grantableAbilities({ admin: true, abilities: [] }, [])('edit-company')).toBe(true);
  });
});
