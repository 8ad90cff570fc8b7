import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Platform-wide files (manuals, plug-ins) that platform admins publish for every tenant:
 * no company_id, so a reference table when sharded.
 */
export const downloads = pgTable(
  'downloads',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    /** Without the dot: the file is served as `name.extension`. */
    extension: text('extension').notNull(),
    filePath: text('file_path').notNull(),
    size: integer('size').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('downloads_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`)],
);
