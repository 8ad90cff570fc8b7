import { z } from 'zod';
import { idSchema } from './ids.ts';
import { paginatedSchema } from './list.ts';

/** shell.md §9: the bell shows 10 and grows by 10; newest first. */
export const NOTIFICATION_PAGE_SIZE = 10;
export const NOTIFICATION_DEFAULT_SORT = '-date';

export const NOTIFICATION_CATEGORIES = ['Processing', 'Projects', 'Account'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/**
 * The kinds of notification (a reference table with these fixed ids, so that
 * `notification_type_id` means the same thing on every installation). New kinds get new ids.
 */
export const NOTIFICATION_TYPES = [
  { id: 1, key: 'model-finished', title: 'Model finished processing', category: 'Processing', email: false },
  { id: 2, key: 'model-failed', title: 'Model failed processing', category: 'Processing', email: true },
  {
    id: 3,
    key: 'library-item-finished',
    title: 'Library item finished processing',
    category: 'Processing',
    email: false,
  },
  { id: 4, key: 'library-item-failed', title: 'Library item failed processing', category: 'Processing', email: true },
  { id: 5, key: 'project-added', title: 'Added to a project', category: 'Projects', email: true },
  { id: 6, key: 'project-updated', title: 'A project of yours was updated', category: 'Projects', email: false },
  { id: 7, key: 'password-changed', title: 'Password changed', category: 'Account', email: true },
  { id: 8, key: 'announcement', title: 'Notices from the administrators', category: 'Account', email: false },
] as const satisfies readonly {
  id: number;
  key: string;
  title: string;
  category: NotificationCategory;
  /** Whether e-mail is on until the user changes the setting; in-portal (browser) is always on by default. */
  email: boolean;
}[];

export type NotificationTypeKey = (typeof NOTIFICATION_TYPES)[number]['key'];

/** One entry of the bell: title, text, read flag and date (spec: shell.md §3). */
export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  read: z.boolean(),
  date: z.string(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

/** GET /my-account/notifications: the list answer, with the number of unread ones in `meta.unread`. */
export const notificationListSchema = paginatedSchema(notificationSchema).extend({
  meta: paginatedSchema(notificationSchema).shape.meta.extend({ unread: z.number().int() }),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** `read` as forms send it: 1/0, true/false. */
export const readFlagSchema = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false'])])
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

export const markNotificationRequestSchema = z.object({ read: readFlagSchema });
export const readAllRequestSchema = z.object({ read: readFlagSchema.optional() });

export const notificationSettingSchema = z.object({
  notification_type_id: z.number().int(),
  notification_type_title: z.string(),
  email: z.union([z.literal(0), z.literal(1)]),
  browser: z.union([z.literal(0), z.literal(1)]),
});
export const notificationSettingGroupSchema = z.object({
  category: z.string(),
  settings: z.array(notificationSettingSchema),
});
export const notificationSettingsResponseSchema = z.object({ data: z.array(notificationSettingGroupSchema) });
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;
export type NotificationSettingGroup = z.infer<typeof notificationSettingGroupSchema>;

const zeroOne = z
  .union([z.literal(0), z.literal(1), z.boolean(), z.enum(['0', '1', 'true', 'false'])])
  .transform((value) => value === 1 || value === true || value === '1' || value === 'true');

/** Changes to settings: any subset of types, each with email and/or browser. */
export const updateNotificationSettingsSchema = z.object({
  notification_settings: z
    .array(
      z.object({
        notification_type_id: idSchema,
        email: zeroOne.optional(),
        browser: zeroOne.optional(),
      }),
    )
    .max(100),
});

/** POST /admin/notifications: a platform admin sends a notice to one user. */
export const sendNotificationRequestSchema = z.object({
  company_id: idSchema.optional(),
  user_id: idSchema,
  title: z.string().trim().min(1, 'The title is required.').max(200, 'The title may have at most 200 characters.'),
  text: z.string().trim().min(1, 'The text is required.').max(5000, 'The text may have at most 5000 characters.'),
});

/* Realtime (Socket.IO rooms) ------------------------------------------------------------------- */

/** Socket.IO is served on the same host as the app, at this path. */
export const REALTIME_PATH = '/socket.io';
export const REALTIME_SUBSCRIBE = 'subscribe';
export const REALTIME_UNSUBSCRIBE = 'unsubscribe';

export const USER_NOTIFICATION_UPDATED = 'UserNotificationUpdated';
/** Payload of UserNotificationUpdated: the notification that changed (null after mark-all-read) and the unread count. */
export interface UserNotificationUpdatedEvent {
  notification: NotificationItem | null;
  unread: number;
}

/** The channel kind of one user in one company: `private-company.{c}.user.{accountId}`. */
export const USER_CHANNEL_KIND = 'user';
/** Private channel of one user in one company: their notifications. */
export const userChannel = (companyId: number, accountId: number) =>
  `private-company.${companyId}.${USER_CHANNEL_KIND}.${accountId}`;
/** Private channel of a company's list of one kind (processor lists: ProjectModel, LibraryItem). */
export const companyChannel = (companyId: number, kind: string) => `private-company.${companyId}.${kind}`;
/** Private channel of one record. */
export const recordChannel = (companyId: number, kind: string, id: number | string) =>
  `private-company.${companyId}.${kind}.${id}`;

/** POST /broadcasting/auth: authorise a private channel (Pusher-style), joining the socket when named. */
export const broadcastingAuthRequestSchema = z.object({
  channel_name: z.string({ error: 'The channel_name field is required.' }).min(1).max(200),
  socket_id: z.string().max(100).optional(),
});
export const broadcastingAuthSchema = z.object({ auth: z.string(), channel: z.string() });

/** The answer to a `subscribe` emit (its acknowledgement). */
export type SubscribeAck = { ok: true; channel: string } | { ok: false; status: 403 | 422; message: string };
