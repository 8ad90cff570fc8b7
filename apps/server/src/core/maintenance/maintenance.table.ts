import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Platform-wide: a window stops every tenant at once. */
export const plannedMaintenance = pgTable(
  'planned_maintenance',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    startDatetime: timestamp('start_datetime', { withTimezone: true }).notNull(),
    endDatetime: timestamp('end_datetime', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('planned_maintenance_window_idx').on(t.startDatetime, t.endDatetime)],
);
