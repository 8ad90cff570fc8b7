import { definePolicy, holds } from '#core/access/policy.ts';

/** content.md §6: what each action on a library needs. */
export const LIBRARY_PERMISSIONS = {
  view: 'list-libraries',
  update: 'update-libraries',
  delete: 'delete-libraries',
} as const;

/** What the rules read of a library. */
export interface LibraryState {
  /**
   * Live project models connected to an item linked to this library or to one of its live
   * sub-libraries (at any depth).
   */
  connectedModels: number;
}

/**
 * content.md §4: a library cannot be deleted while it or its children is connected to a
 * model. This is the state half of the `delete` rule; the list's `is_deletable` computes it
 * per row in SQL (`treeMemberFields` in library.list.ts), checked against this rule by a test.
 */
export const libraryDeletable = (library: LibraryState): boolean => library.connectedModels === 0;

export const libraryPolicy = definePolicy<keyof typeof LIBRARY_PERMISSIONS, LibraryState>({
  resource: 'libraries',
  viewAction: 'view',
  rules: {
    view: holds(LIBRARY_PERMISSIONS.view),
    update: holds(LIBRARY_PERMISSIONS.update),
    delete: (actor, library) => holds(LIBRARY_PERMISSIONS.delete)(actor, library) && libraryDeletable(library),
  },
});
