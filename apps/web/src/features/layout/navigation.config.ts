import { type AuthUser, hasPermission, type PlatformKey } from '@meshport/contract';
import { routeExists } from '../../app/routes/route-table.ts';
import type { IconName } from '../../shared/icons.component.tsx';

export interface NavEntry {
  path: string;
  /** Translation key in the layout namespace. */
  label: string;
  icon?: IconName;
  ability?: string;
  admin?: boolean;
  platform?: PlatformKey;
}

export interface NavGroup {
  id: 'security' | 'tools' | 'admin';
  label: string;
  icon: IconName;
  ability?: string;
  admin?: boolean;
  entries: NavEntry[];
}

/** shell.md §6 navigation rules. Entries appear once their route exists in the route table. */
export const MAIN_ENTRIES: NavEntry[] = [
  { path: '/', label: 'nav.dashboard', icon: 'home' },
  { path: '/projects', label: 'nav.projects', ability: 'view-projects' },
  { path: '/libraries', label: 'nav.libraries', ability: 'list-libraries' },
  { path: '/materials', label: 'nav.materials', ability: 'list-materials', platform: 'hatch' },
  {
    path: '/processor',
    label: 'nav.processor',
    platform: 'hatch',
    ability: 'update-project-models|create-project-models|update-libraries|update-options',
  },
];

export const NAV_GROUPS: NavGroup[] = [
  {
    id: 'security',
    label: 'nav.security',
    icon: 'shield',
    ability: 'view-system-users|view-roles|view-groups',
    entries: [
      { path: '/security/users', label: 'nav.users', ability: 'view-system-users' },
      { path: '/security/roles', label: 'nav.roles', ability: 'view-roles' },
      { path: '/security/groups', label: 'nav.groups', ability: 'view-groups' },
    ],
  },
  {
    id: 'tools',
    label: 'nav.tools',
    icon: 'tools',
    ability: 'list-downloads|list-labels|access-recycling-bin',
    entries: [
      { path: '/tools/downloads', label: 'nav.downloads', ability: 'list-downloads' },
      { path: '/tools/labels', label: 'nav.labels', ability: 'list-labels' },
      { path: '/tools/property-maps', label: 'nav.propertyMaps', platform: 'hatch' },
      { path: '/tools/trash', label: 'nav.trash', ability: 'access-recycling-bin' },
    ],
  },
  {
    id: 'admin',
    label: 'nav.admin',
    icon: 'settings',
    admin: true,
    entries: [
      { path: '/admin/users', label: 'nav.adminUsers' },
      { path: '/admin/companies', label: 'nav.companies' },
      { path: '/admin/maintenance', label: 'nav.maintenance' },
      { path: '/admin/changelog_items', label: 'nav.changelog' },
      { path: '/admin/issue_report', label: 'nav.issueReports' },
      { path: '/admin/feedback_report', label: 'nav.feedbackReports' },
    ],
  },
];

/** Avatar menu (shell.md §2 Layout), same rules. */
export const ACCOUNT_ENTRIES: NavEntry[] = [
  { path: '/user/profile', label: 'avatar.account', icon: 'user' },
  { path: '/user/company', label: 'avatar.company', icon: 'building', ability: 'view-company|edit-company' },
  { path: '/faq', label: 'avatar.faq', icon: 'help' },
  { path: '/issue_report', label: 'avatar.issue', icon: 'bug' },
  { path: '/feedback_report', label: 'avatar.feedback', icon: 'message' },
];

interface Viewer {
  user: AuthUser;
  platform: PlatformKey;
}

export function isVisible(entry: Pick<NavEntry, 'ability' | 'admin' | 'platform'>, viewer: Viewer): boolean {
  if (entry.platform && entry.platform !== viewer.platform) return false;
  if (entry.admin && !viewer.user.admin) return false;
  return !entry.ability || hasPermission(viewer.user, entry.ability);
}

export function visibleEntries(entries: NavEntry[], viewer: Viewer, exists = routeExists): NavEntry[] {
  return entries.filter((entry) => exists(entry.path) && isVisible(entry, viewer));
}

export function visibleGroups(viewer: Viewer, exists = routeExists): NavGroup[] {
  return NAV_GROUPS.filter((group) => isVisible(group, viewer))
    .map((group) => ({ ...group, entries: visibleEntries(group.entries, viewer, exists) }))
    .filter((group) => group.entries.length > 0);
}
