import type { AuthUser, PlatformKey } from '@meshport/contract';
import { paths } from '@/lib/paths/paths.ts';
import type { IconName } from '@/shared/ui/icons.component.tsx';
import { decideGuard, type RouteGuard } from '../router/route-guard.logic.ts';
import { ROUTES } from '../router/route-table.config.ts';

export interface NavEntry {
  path: string;
  /** Translation key in the layout namespace. */
  label: string;
  icon: IconName;
}

export interface NavGroup {
  id: 'security' | 'tools' | 'admin';
  label: string;
  icon: IconName;
  entries: NavEntry[];
}

/**
 * shell.md §6 navigation rules. An entry is shown when the guard of its route (route-table.config.ts) lets the
 * user in; a group when one of its entries is shown. The abilities are not written here a second time.
 */
export const MAIN_ENTRIES: NavEntry[] = [
  { path: paths.dashboard(), label: 'nav.dashboard', icon: 'home' },
  { path: paths.projects.list(), label: 'nav.projects', icon: 'folder' },
  { path: paths.libraries.list(), label: 'nav.libraries', icon: 'books' },
  { path: paths.materials.list(), label: 'nav.materials', icon: 'photo' },
  { path: paths.processor(), label: 'nav.processor', icon: 'cube' },
];

export const NAV_GROUPS: NavGroup[] = [
  {
    id: 'security',
    label: 'nav.security',
    icon: 'shield',
    entries: [
      { path: paths.security.users.list(), label: 'nav.users', icon: 'user' },
      { path: paths.security.roles.list(), label: 'nav.roles', icon: 'shield' },
      { path: paths.security.groups.list(), label: 'nav.groups', icon: 'users' },
    ],
  },
  {
    id: 'tools',
    label: 'nav.tools',
    icon: 'tools',
    entries: [
      { path: paths.tools.downloads.list(), label: 'nav.downloads', icon: 'download' },
      { path: paths.tools.labels.list(), label: 'nav.labels', icon: 'star' },
      { path: paths.tools.propertyMaps.list(), label: 'nav.propertyMaps', icon: 'table' },
      { path: paths.tools.trash(), label: 'nav.trash', icon: 'trash' },
    ],
  },
  {
    id: 'admin',
    label: 'nav.admin',
    icon: 'settings',
    entries: [
      { path: paths.security.adminUsers.list(), label: 'nav.adminUsers', icon: 'user' },
      { path: paths.company.admin.list(), label: 'nav.companies', icon: 'building' },
      { path: paths.admin.maintenance.list(), label: 'nav.maintenance', icon: 'alert' },
      { path: paths.admin.changelog.list(), label: 'nav.changelog', icon: 'refresh' },
      { path: paths.support.adminIssueReports.list(), label: 'nav.issueReports', icon: 'bug' },
      { path: paths.support.adminFeedbackReports.list(), label: 'nav.feedbackReports', icon: 'message' },
    ],
  },
];

/** Avatar menu (shell.md §2 Layout), same rules. */
export const ACCOUNT_ENTRIES: NavEntry[] = [
  { path: paths.account.profile(), label: 'avatar.account', icon: 'user' },
  { path: paths.invitations(), label: 'avatar.invitations', icon: 'users' },
  { path: paths.company.myCompany(), label: 'avatar.company', icon: 'building' },
  { path: paths.support.faq.list(), label: 'avatar.faq', icon: 'help' },
  { path: paths.support.issueReport(), label: 'avatar.issue', icon: 'bug' },
  { path: paths.support.feedbackReport(), label: 'avatar.feedback', icon: 'message' },
];

interface Viewer {
  user: AuthUser;
  platform: PlatformKey;
}

/** The guard of each path of the route table; a path missing there has no screen yet and no link. */
const GUARDS = new Map<string, RouteGuard | undefined>(ROUTES.map((route) => [route.path, route.guard]));

/** Whether the route at `path` lets the viewer in, by the guard the router applies. */
export function isReachable(path: string, viewer: Viewer, guards = GUARDS): boolean {
  return guards.has(path) && decideGuard(guards.get(path), viewer) === 'allow';
}

export function visibleEntries(entries: NavEntry[], viewer: Viewer, guards = GUARDS): NavEntry[] {
  return entries.filter((entry) => isReachable(entry.path, viewer, guards));
}

export function visibleGroups(viewer: Viewer, guards = GUARDS): NavGroup[] {
  return NAV_GROUPS.map((group) => ({ ...group, entries: visibleEntries(group.entries, viewer, guards) })).filter(
    (group) => group.entries.length > 0,
  );
}
