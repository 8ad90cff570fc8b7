import { sql } from 'drizzle-orm';
import { definePolicy } from '#core/access/policy.ts';
import { ref } from '#modules/content/shared/content-fields.ts';
import { libraryItems } from './library-item.table.ts';

/** What the rules read of a library item. */
export type LibraryItemState = {
  /** Live project models the item is connected to. */
  connectedModels: number;
};

const liveModelLinks = sql`from project_model_library_items pmi
  join project_models m on m.company_id = pmi.company_id and m.id = pmi.project_model_id and m.deleted_at is null
  where pmi.company_id = ${ref(libraryItems.companyId)} and pmi.library_item_id = ${ref(libraryItems.id)}`;

/**
 * content.md §6: what each action on a library item needs (holders of list-libraries read the
 * items of the libraries they see); §4: what keeps one from being deleted.
 */
export const libraryItemPolicy = definePolicy<'view' | 'update' | 'delete' | 'restore', LibraryItemState>({
  resource: 'library items',
  permissions: {
    view: 'list-library-items|list-libraries',
    update: 'update-library-items',
    delete: 'delete-library-items',
    restore: 'restore-deleted-entities',
  },
  hatchOnly: ['update', 'delete', 'restore'],
  records: { table: libraryItems, state: { connectedModels: sql<number>`(select count(*)::int ${liveModelLinks})` } },
  recordRules: {
    /** An item cannot be deleted while it is still connected to a model. */
    delete: {
      allows: (item) => item.connectedModels === 0,
      sql: sql<boolean>`not exists (select 1 ${liveModelLinks})`,
    },
  },
});
