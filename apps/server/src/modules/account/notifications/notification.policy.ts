import { definePolicy, type PolicyActor } from '#core/access/policy.ts';

/** What the notification rules read of a notification. */
export interface NotificationRecord {
  accountId: number;
}

const recipient = (actor: PolicyActor, record: NotificationRecord) => record.accountId === actor.accountId;

/** A notification is its recipient's alone: nobody else, platform admins included, sees or marks it. */
export const notificationPolicy = definePolicy<'view' | 'update', NotificationRecord>({
  resource: 'notifications',
  rules: { view: recipient, update: recipient },
  viewAction: 'view',
});
