import { definePolicy, holds } from '#core/access/policy.ts';

/**
 * content.md §6: what each action on a library item needs. Holders of list-libraries read
 * the items of the libraries they see.
 */
export const LIBRARY_ITEM_PERMISSIONS = {
  view: 'list-library-items|list-libraries',
  update: 'update-library-items',
  delete: 'delete-library-items',
} as const;

/** What the rules read of a library item. */
export interface LibraryItemState {
  /** Live project models the item is connected to. */
  connectedModels: number;
}

/**
 * content.md §4: an item cannot be deleted while it is still connected to a model. The state
 * half of the `delete` rule; the list's `deletable` / `is_deletable` computes it per row in SQL
 * (library-item.list.ts), checked against this rule by a test.
 */
export const libraryItemDeletable = (item: LibraryItemState): boolean => item.connectedModels === 0;

export const libraryItemPolicy = definePolicy<keyof typeof LIBRARY_ITEM_PERMISSIONS, LibraryItemState>({
  resource: 'library items',
  viewAction: 'view',
  rules: {
    view: holds(LIBRARY_ITEM_PERMISSIONS.view),
    update: holds(LIBRARY_ITEM_PERMISSIONS.update),
    delete: (actor, item) => holds(LIBRARY_ITEM_PERMISSIONS.delete)(actor, item) && libraryItemDeletable(item),
  },
});
