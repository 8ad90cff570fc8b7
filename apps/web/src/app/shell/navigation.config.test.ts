import { ABILITIES, type AuthUser } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths/paths.ts';
import { ACCOUNT_ENTRIES, MAIN_ENTRIES, NAV_GROUPS, visibleEntries, visibleGroups } from './navigation.config.ts';

const user = (abilities: string[], admin = false): AuthUser => ({
  id: 1,
  name: 'Vera Viewer',
  username: 'viewer',
  email: 'viewer@example.test',
  profile_image: null,
  admin,
  abilities,
  licences: ['hatch', 'design_and_sales'],
  company_id: 1,
});

const contentOnly = user(['view-projects', 'list-libraries', 'list-project-models']);

describe('navigation by the route guards', () => {
  it('hides the Security, Tools and Admin groups from a user whose abilities reach none of their screens', () => {
    expect(visibleGroups({ user: contentOnly, platform: 'customerportal' })).toEqual([]);
    expect(visibleGroups({ user: contentOnly, platform: 'hatch' })).toEqual([]);
  });

  it('shows a group with only the entries whose route lets the user in', () => {
    const groups = visibleGroups({ user: user(['view-roles', 'list-labels']), platform: 'hatch' });
    expect(groups.map((group) => [group.id, group.entries.map((entry) => entry.path)])).toEqual([
      ['security', [paths.security.roles.list()]],
      ['tools', [paths.tools.labels.list()]],
    ]);
  });

  it('shows property maps only to a user with a property map ability, as its route requires', () => {
    const withMaps = visibleGroups({ user: user(['update-property-maps']), platform: 'hatch' });
    expect(withMaps.flatMap((group) => group.entries.map((entry) => entry.path))).toEqual([
      paths.tools.propertyMaps.list(),
    ]);
    expect(visibleGroups({ user: user(['update-property-maps']), platform: 'customerportal' })).toEqual([]);
  });

  it('shows the main entries by ability and platform', () => {
    const main = (platform: 'hatch' | 'customerportal') =>
      visibleEntries(MAIN_ENTRIES, { user: contentOnly, platform }).map((entry) => entry.path);
    expect(main('customerportal')).toEqual([paths.dashboard(), paths.projects.list(), paths.libraries.list()]);
    expect(main('hatch')).toEqual([paths.dashboard(), paths.projects.list(), paths.libraries.list()]);
  });

  it('shows an admin every group and entry whose screen exists', () => {
    const admin = user([...ABILITIES], true);
    expect(visibleGroups({ user: admin, platform: 'hatch' }).map((group) => group.id)).toEqual([
      'security',
      'tools',
      'admin',
    ]);
  });

  it('hides the company entry without view-company or edit-company', () => {
    const account = (abilities: string[]) =>
      visibleEntries(ACCOUNT_ENTRIES, { user: user(abilities), platform: 'hatch' }).map((entry) => entry.path);
    expect(account([])).not.toContain(paths.company.myCompany());
    expect(account(['view-company'])).toContain(paths.company.myCompany());
  });

  it('gives every entry and group an icon', () => {
    const entries = [...MAIN_ENTRIES, ...ACCOUNT_ENTRIES, ...NAV_GROUPS.flatMap((group) => group.entries)];
    expect(entries.filter((entry) => !entry.icon)).toEqual([]);
  });
});
