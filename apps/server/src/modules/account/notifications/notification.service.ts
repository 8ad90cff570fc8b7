import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_TYPES,
  type NotificationItem,
  type NotificationSettingGroup,
  type NotificationTypeKey,
  USER_NOTIFICATION_UPDATED,
  type UserNotificationUpdatedEvent,
  userChannel,
} from '@meshport/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { accounts } from '#core/auth/account.table.ts';
import type { Database, Db } from '#core/db/database.ts';
import type { Mailer } from '#core/mail/mailer.ts';
import type { RealtimeService } from '#core/realtime/realtime.service.ts';
import { companies } from '#core/tenancy/company.table.ts';
import { notificationMail } from './notification.mail.ts';
import { type NotificationRow, notificationSettings, notifications } from './notification.table.ts';
import { notificationType } from './notification-types.ts';

export interface NotifyInput {
  typeKey: NotificationTypeKey;
  title: string;
  text: string;
}

export interface ChannelSetting {
  email: boolean;
  browser: boolean;
}

export function toItem(row: Pick<NotificationRow, 'id' | 'title' | 'text' | 'readAt' | 'createdAt'>): NotificationItem {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    read: row.readAt !== null,
    date: row.createdAt.toISOString(),
  };
}

type Logger = { warn(details: object, message: string): void };

/**
 * Notifications of one member in one company: stored for the bell, pushed on the member's
 * private channel after the transaction commits, and e-mailed when the member's setting says so.
 */
export class NotificationService {
  constructor(
    private readonly database: Database,
    private readonly realtime: RealtimeService,
    private readonly mailer: Mailer,
    private readonly log: Logger = { warn: () => {} },
  ) {}

  /** What the product calls: the notification, or null when the member turned this type off in the portal. */
  async notify(companyId: number, accountId: number, input: NotifyInput): Promise<NotificationItem | null> {
    const { item, unread, setting } = await this.database.tenant({ companyId, accountId }, async (tx) => {
      const setting = await this.settingFor(tx, accountId, input.typeKey);
      const item = setting.browser ? await this.insert(tx, companyId, accountId, input) : null;
      return { item, setting, unread: item ? await this.unreadCount(tx, accountId) : 0 };
    });
    if (item) this.publish(companyId, accountId, { notification: item, unread });
    if (setting.email) await this.sendMail(companyId, accountId, input);
    return item;
  }

  /**
   * For callers with their own transaction: stores the notification in `tx` (settings are not
   * consulted). Call `publish` once that transaction has committed.
   */
  async insert(tx: Db, companyId: number, accountId: number, input: NotifyInput): Promise<NotificationItem> {
    const [row] = await tx
      .insert(notifications)
      .values({
        companyId,
        accountId,
        typeId: notificationType(input.typeKey).id,
        title: input.title,
        text: input.text,
      })
      .returning();
    if (!row) throw new Error('notification insert returned nothing');
    return toItem(row);
  }

  /** Tells the member's open pages that their notifications changed. */
  publish(companyId: number, accountId: number, event: UserNotificationUpdatedEvent): void {
    this.realtime.emit(userChannel(companyId, accountId), USER_NOTIFICATION_UPDATED, event);
  }

  async unreadCount(tx: Db, accountId: number): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt)));
    return row?.n ?? 0;
  }

  /** Marks one of the member's notifications read (or unread); null when it is not theirs or not in this company. */
  async mark(companyId: number, accountId: number, id: number, read: boolean): Promise<NotificationItem | null> {
    const result = await this.database.tenant({ companyId, accountId }, async (tx) => {
      const [row] = await tx
        .update(notifications)
        .set({ readAt: read ? sql`coalesce(${notifications.readAt}, now())` : null })
        .where(and(eq(notifications.id, id), eq(notifications.accountId, accountId)))
        .returning();
      return row ? { item: toItem(row), unread: await this.unreadCount(tx, accountId) } : null;
    });
    if (!result) return null;
    this.publish(companyId, accountId, { notification: result.item, unread: result.unread });
    return result.item;
  }

  /** Marks every unread notification of the member read; answers how many changed. */
  async markAllRead(companyId: number, accountId: number): Promise<number> {
    const changed = await this.database.tenant({ companyId, accountId }, async (tx) => {
      const rows = await tx
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.length;
    });
    if (changed > 0) this.publish(companyId, accountId, { notification: null, unread: 0 });
    return changed;
  }

  async unread(companyId: number, accountId: number): Promise<number> {
    return this.database.tenant({ companyId, accountId }, (tx) => this.unreadCount(tx, accountId));
  }

  /** Every type with the member's choice (or the type's default), grouped by category. */
  async settings(companyId: number, accountId: number): Promise<NotificationSettingGroup[]> {
    const stored = await this.database.tenant({ companyId, accountId }, (tx) =>
      tx.select().from(notificationSettings).where(eq(notificationSettings.accountId, accountId)),
    );
    const byType = new Map(stored.map((row) => [row.typeId, row]));
    return NOTIFICATION_CATEGORIES.map((category) => ({
      category,
      settings: NOTIFICATION_TYPES.filter((t) => t.category === category).map((t) => {
        const row = byType.get(t.id);
        return {
          notification_type_id: t.id,
          notification_type_title: t.title,
          email: (row ? row.email : t.email) ? 1 : 0,
          browser: (row ? row.browser : true) ? 1 : 0,
        } as const;
      }),
    }));
  }

  /** Stores changes; unknown type ids are reported by id. */
  async updateSettings(
    companyId: number,
    accountId: number,
    changes: { notification_type_id: number; email?: boolean; browser?: boolean }[],
  ): Promise<{ unknownTypeIds: number[] }> {
    const known = new Map<number, (typeof NOTIFICATION_TYPES)[number]>(NOTIFICATION_TYPES.map((t) => [t.id, t]));
    const unknownTypeIds = changes.map((c) => c.notification_type_id).filter((id) => !known.has(id));
    if (unknownTypeIds.length) return { unknownTypeIds };
    await this.database.tenant({ companyId, accountId }, async (tx) => {
      for (const change of changes) {
        const type = known.get(change.notification_type_id) as (typeof NOTIFICATION_TYPES)[number];
        const current = await this.settingFor(tx, accountId, type.key);
        const next = { email: change.email ?? current.email, browser: change.browser ?? current.browser };
        await tx
          .insert(notificationSettings)
          .values({ companyId, accountId, typeId: type.id, ...next })
          .onConflictDoUpdate({
            target: [notificationSettings.companyId, notificationSettings.accountId, notificationSettings.typeId],
            set: { ...next, updatedAt: sql`now()` },
          });
      }
    });
    return { unknownTypeIds: [] };
  }

  private async settingFor(tx: Db, accountId: number, typeKey: NotificationTypeKey): Promise<ChannelSetting> {
    const type = notificationType(typeKey);
    const [row] = await tx
      .select({ email: notificationSettings.email, browser: notificationSettings.browser })
      .from(notificationSettings)
      .where(and(eq(notificationSettings.accountId, accountId), eq(notificationSettings.typeId, type.id)));
    return row ?? { email: type.email, browser: true };
  }

  /** E-mail is a courtesy: a failure is logged, never thrown into the caller's work. */
  private async sendMail(companyId: number, accountId: number, input: NotifyInput): Promise<void> {
    try {
      const [recipient] = await this.database.system
        .select({ email: accounts.email, name: accounts.name, tenantName: companies.name })
        .from(accounts)
        .innerJoin(companies, eq(companies.id, companyId))
        .where(eq(accounts.id, accountId));
      if (!recipient) return;
      await this.mailer.send(notificationMail({ to: recipient.email, ...recipient, ...input }));
    } catch (error) {
      this.log.warn({ err: error, companyId, accountId }, 'notification e-mail not sent');
    }
  }
}
