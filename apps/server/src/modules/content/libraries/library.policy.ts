import { sql } from 'drizzle-orm';
import { definePolicy } from '#core/access/policy.ts';
import { ref } from '#modules/content/shared/content-fields.ts';
import { libraries } from './library.table.ts';

/** What the rules read of a library. */
export type LibraryState = {
  /**
   * Items of this library or of its live sub-libraries (at any depth) that a live project model
   * uses: the count kept on write (migration 0009), which library.routes.test.ts holds to a walk.
   */
  connectedModels: number;
};

/** content.md §6: what each action on a library needs; §4: what keeps one from being deleted. */
export const libraryPolicy = definePolicy<'view' | 'create' | 'update' | 'delete' | 'restore', LibraryState>({
  resource: 'libraries',
  permissions: {
    view: 'list-libraries',
    create: 'update-libraries',
    update: 'update-libraries',
    delete: 'delete-libraries',
    restore: 'restore-deleted-entities',
  },
  hatchOnly: ['create', 'update', 'delete', 'restore'],
  records: { table: libraries, state: { connectedModels: sql<number>`${ref(libraries.connectedItemsCount)}` } },
  recordRules: {
    /** A library cannot be deleted while it or one of its children is connected to a model. */
    delete: {
      allows: (library) => library.connectedModels === 0,
      sql: sql<boolean>`(${ref(libraries.connectedItemsCount)} = 0)`,
    },
  },
});
