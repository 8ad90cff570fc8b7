import { type AuthUser, hasPermission, type PlatformKey } from '@meshport/contract';

/** content.md §5: items on non-hatch platforms default to the FINISHED status filter. */
export function defaultItemStatusFilter(platform: PlatformKey): string {
  return platform === 'hatch' ? '' : 'FINISHED';
}

export interface LibraryAbilities {
  /** New Library, Edit (content.md §1: hatch only). */
  editLibraries: boolean;
  /** Archive, Activate of libraries (hatch only). */
  archiveLibraries: boolean;
  deleteLibraries: boolean;
  /** Edit, Move, Archive, Activate of items (hatch only). */
  editItems: boolean;
  deleteItems: boolean;
}

/**
 * Who may do what on the library screens: customerportal hides creation, actions, archive, move
 * and edit (content.md §1); on hatch each needs its permission (§6).
 */
export function libraryAbilities(user: Pick<AuthUser, 'admin' | 'abilities'>, platform: PlatformKey): LibraryAbilities {
  const hatch = platform === 'hatch';
  const can = (permission: string) => hatch && hasPermission(user, permission);
  return {
    editLibraries: can('update-libraries'),
    archiveLibraries: can('update-libraries'),
    deleteLibraries: can('delete-libraries'),
    editItems: can('update-library-items'),
    deleteItems: can('delete-library-items'),
  };
}
