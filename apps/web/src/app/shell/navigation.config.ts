import { type AuthUser, hasPermission, type PlatformKey } from '@meshport/contract';
import { paths, routeExists } from '../../lib/paths/paths.ts';
import type { IconName } from '../../shared/ui/icons.component.tsx';

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
  { path: paths.dashboard(), label: 'nav.dashboard', icon: 'home' },
  { path: paths.projects.list(), label: 'nav.projects', ability: 'view-projects' },
  { path: paths.libraries.list(), label: 'nav.libraries', ability: 'list-libraries' },
  { path: paths.materials.list(), label: 'nav.materials', ability: 'list-materials', platform: 'hatch' },
  {
    path: paths.processor(),
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
      { path: paths.security.users.list(), label: 'nav.users', ability: 'view-system-users' },
      { path: paths.security.roles.list(), label: 'nav.roles', ability: 'view-roles' },
      { path: paths.security.groups.list(), label: 'nav.groups', ability: 'view-groups' },
    ],
  },
  {
    id: 'tools',
    label: 'nav.tools',
    icon: 'tools',
    ability: 'list-downloads|list-labels|access-recycling-bin',
    entries: [
      { path: paths.tools.downloads.list(), label: 'nav.downloads', ability: 'list-downloads' },
      { path: paths.tools.labels.list(), label: 'nav.labels', ability: 'list-labels' },
      { path: paths.tools.propertyMaps.list(), label: 'nav.propertyMaps', platform: 'hatch' },
      { path: paths.tools.trash(), label: 'nav.trash', ability: 'access-recycling-bin' },
    ],
  },
  {
    id: 'admin',
    label: 'nav.admin',
    icon: 'settings',
    admin: true,
    entries: [
      { path: paths.security.adminUsers.list(), label: 'nav.adminUsers' },
      { path: paths.company.admin.list(), label: 'nav.companies' },
      { path: paths.admin.maintenance.list(), label: 'nav.maintenance' },
      { path: paths.admin.changelog.list(), label: 'nav.changelog' },
      { path: paths.support.adminIssueReports.list(), label: 'nav.issueReports' },
      { path: paths.support.adminFeedbackReports.list(), label: 'nav.feedbackReports' },
    ],
  },
];

/** Avatar menu (shell.md §2 Layout), same rules. */
export const ACCOUNT_ENTRIES: NavEntry[] = [
  { path: paths.account.profile(), label: 'avatar.account', icon: 'user' },
  { path: paths.invitations(), label: 'avatar.invitations', icon: 'users' },
  {
    path: paths.company.myCompany(),
    label: 'avatar.company',
    icon: 'building',
    ability: 'view-company|edit-company',
  },
  { path: paths.support.faq.list(), label: 'avatar.faq', icon: 'help' },
  { path: paths.support.issueReport(), label: 'avatar.issue', icon: 'bug' },
  { path: paths.support.feedbackReport(), label: 'avatar.feedback', icon: 'message' },
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
