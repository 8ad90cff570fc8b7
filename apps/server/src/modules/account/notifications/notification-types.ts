import { NOTIFICATION_TYPES, type NotificationTypeKey } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '#core/db/database.ts';
import { notificationTypes } from './notification.table.ts';

/** Writes the contract's notification types (reference rows); titles follow the contract. */
export async function ensureNotificationTypes(database: Database): Promise<void> {
  await database.system
    .insert(notificationTypes)
    .values(
      NOTIFICATION_TYPES.map((t) => ({
        id: t.id,
        key: t.key,
        title: t.title,
        category: t.category,
        defaultEmail: t.email,
      })),
    )
    .onConflictDoUpdate({
      target: notificationTypes.id,
      set: {
        key: sql`excluded.key`,
        title: sql`excluded.title`,
        category: sql`excluded.category`,
        defaultEmail: sql`excluded.default_email`,
      },
    });
}

export function notificationType(key: NotificationTypeKey) {
  const found = NOTIFICATION_TYPES.find((t) => t.key === key);
  if (!found) throw new Error(`unknown notification type ${key}`);
  return found;
}
