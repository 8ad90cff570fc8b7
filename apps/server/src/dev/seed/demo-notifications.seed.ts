import type { NotificationTypeKey } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#core/db/database.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import { notifications } from '#modules/account/notifications/notification.table.ts';
import { notificationType } from '#modules/account/notifications/notification-types.ts';

interface DemoNotice {
  type: NotificationTypeKey;
  title: string;
  text: string;
  /** How long ago, in hours. */
  ago: number;
  read?: boolean;
}

const PROCESSING: DemoNotice[] = [
  {
    type: 'model-finished',
    title: 'Model ready',
    text: 'The model "Island with Breakfast Bar" finished processing and is ready to view.',
    ago: 0.2,
  },
  {
    type: 'model-failed',
    title: 'Model failed',
    text: 'The model "Outdoor Grill Station" could not be converted: its GLB file is cut short.',
    ago: 1,
  },
  {
    type: 'library-item-finished',
    title: 'Library item ready',
    text: 'The library item "Oak Worktop 3m" finished processing.',
    ago: 3,
  },
  {
    type: 'project-added',
    title: 'Added to a project',
    text: 'Ada Admin added you to the project "Van Dijk Family Kitchen".',
    ago: 5,
  },
  {
    type: 'model-finished',
    title: 'Model ready',
    text: 'The model "Loft Galley Layout" finished processing and is ready to view.',
    ago: 8,
  },
  {
    type: 'project-updated',
    title: 'Project updated',
    text: 'The project "Showroom Amsterdam 2026" has a new model.',
    ago: 20,
  },
  {
    type: 'library-item-finished',
    title: 'Library item ready',
    text: 'The library item "Brass Knob" finished processing.',
    ago: 26,
  },
  {
    type: 'announcement',
    title: 'Planned maintenance',
    text: 'Meshport will be unavailable on Sunday from 06:00 to 07:00 (CET) for an upgrade.',
    ago: 30,
  },
  {
    type: 'model-finished',
    title: 'Model ready',
    text: 'The model "Corner Pantry Unit" finished processing and is ready to view.',
    ago: 44,
  },
  {
    type: 'model-finished',
    title: 'Model ready',
    text: 'The model "Bistro Service Counter" finished processing and is ready to view.',
    ago: 46,
  },
  {
    type: 'library-item-finished',
    title: 'Library item ready',
    text: 'The library item "Induction Hob 4-Zone" finished processing.',
    ago: 47,
  },
  {
    type: 'project-updated',
    title: 'Project updated',
    text: 'The project "Van Dijk Family Kitchen" has a new material.',
    ago: 48,
  },
  {
    type: 'model-finished',
    title: 'Model ready',
    text: 'The model "Tall Cabinet Wall" finished processing and is ready to view.',
    ago: 49,
  },
  {
    type: 'library-item-failed',
    title: 'Library item failed',
    text: 'The library item "Sink Unit 80cm" failed: its zip holds no 3D file.',
    ago: 50,
    read: true,
  },
  {
    type: 'project-added',
    title: 'Added to a project',
    text: 'Eddie Editor added you to the project "Classic Farmhouse Kitchen".',
    ago: 70,
    read: true,
  },
  {
    type: 'model-finished',
    title: 'Model ready',
    text: 'The model "Farmhouse Range Hood" finished processing and is ready to view.',
    ago: 96,
    read: true,
  },
  {
    type: 'password-changed',
    title: 'Password changed',
    text: 'The password of your account was changed. If this was not you, contact your administrator.',
    ago: 140,
    read: true,
  },
  {
    type: 'announcement',
    title: 'Welcome to Meshport',
    text: 'Your 3D projects, libraries and materials now live in one place.',
    ago: 300,
    read: true,
  },
];

/** Per demo user and company: which of the notices above (the editor gets all 18, 13 unread: more than one page of 10). */
const PLAN: { username: string; company: string; notices: DemoNotice[] }[] = [
  { username: 'editor', company: 'acme', notices: PROCESSING },
  { username: 'admin', company: 'acme', notices: PROCESSING.filter((_, i) => [0, 3, 7, 16, 17].includes(i)) },
  { username: 'admin', company: 'globex', notices: PROCESSING.filter((_, i) => [7, 17].includes(i)) },
  { username: 'viewer', company: 'acme', notices: PROCESSING.filter((_, i) => [3, 5, 14, 17].includes(i)) },
  { username: 'nolicence', company: 'acme', notices: PROCESSING.filter((_, i) => [17].includes(i)) },
  { username: 'globex-editor', company: 'globex', notices: PROCESSING.filter((_, i) => [0, 1, 4, 13, 17].includes(i)) },
];

/** Notifications in every demo user's bell, some read, some not. Members who already have any are left alone. */
export async function seedDemoNotifications(database: Database, _storage: FileStorage): Promise<void> {
  const now = Date.now();
  await database.system.transaction(async (tx) => {
    for (const { username, company, notices } of PLAN) {
      const [member] = await queryRows<{ company_id: number; account_id: number; existing: number }>(
        tx,
        sql`select m.company_id, m.account_id,
                   (select count(*)::int from notifications n where n.company_id = m.company_id and n.account_id = m.account_id) as existing
            from memberships m
            join accounts a on a.id = m.account_id
            join companies c on c.id = m.company_id
            where a.username = ${username} and c.sub_domain = ${company}`,
      );
      if (!member || member.existing > 0) continue;
      await tx.insert(notifications).values(
        notices.map((notice) => {
          const createdAt = new Date(now - notice.ago * 3_600_000);
          return {
            companyId: member.company_id,
            accountId: member.account_id,
            typeId: notificationType(notice.type).id,
            title: notice.title,
            text: notice.text,
            createdAt,
            readAt: notice.read ? new Date(createdAt.getTime() + 600_000) : null,
          };
        }),
      );
    }
  });
}
