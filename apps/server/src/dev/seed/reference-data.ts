import { ABILITY_GROUPS, LICENCES } from '@meshport/contract';
import { abilities, licences } from '#core/auth/account.table.ts';
import type { Database } from '#core/db/database.ts';
import { ensureNotificationTypes } from '#modules/account/notifications/notification-types.ts';

/** Reference rows every tenant shares; written at every start so that new keys appear. */
export async function ensureReferenceData(database: Database): Promise<void> {
  const rows = Object.entries(ABILITY_GROUPS).flatMap(([group, keys]) =>
    keys.map((key) => ({ key, groupName: group })),
  );
  await database.system.insert(abilities).values(rows).onConflictDoNothing();
  await database.system
    .insert(licences)
    .values(LICENCES.map((key) => ({ key })))
    .onConflictDoNothing();
  await ensureNotificationTypes(database);
}
