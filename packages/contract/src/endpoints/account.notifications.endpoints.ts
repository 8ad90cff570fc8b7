import { z } from 'zod';
import { defineEndpoint, defineListEndpoint } from '../endpoint.ts';
import { messageSchema } from '../errors.ts';
import { idParamsSchema } from '../ids.ts';
import {
  markNotificationRequestSchema,
  notificationListSchema,
  notificationSchema,
  readAllRequestSchema,
  readFlagSchema,
  sendNotificationRequestSchema,
} from '../notifications.ts';

export const notificationEndpoints = {
  list: defineListEndpoint({
    path: '/my-account/notifications',
    summary: 'My notifications in this company; with_read=0 (default) unread only, 1 all; meta.unread counts unread',
    tags: ['notifications'],
    row: notificationSchema,
    sorts: ['id', 'title', 'read', 'date'],
    extraQuery: { with_read: readFlagSchema },
    extraAnswer: { meta: notificationListSchema.shape.meta },
  }),
  readAll: defineEndpoint({
    method: 'POST',
    path: '/my-account/notifications/read-all',
    summary: 'Mark all my notifications in this company read',
    tags: ['notifications'],
    body: readAllRequestSchema.optional(),
    answer: messageSchema.extend({ updated: z.number().int() }),
  }),
  mark: defineEndpoint({
    method: 'PATCH',
    path: '/my-account/notifications/:id',
    summary: 'Mark one of my notifications read (read=1) or unread (read=0); also POST with _method=PATCH',
    tags: ['notifications'],
    params: idParamsSchema,
    body: markNotificationRequestSchema,
    answer: z.object({ data: notificationSchema }),
    otherAnswers: { 404: messageSchema },
  }),
  /** 201 with the notice; 202 when the user turned these notices off (nothing stored). */
  send: defineEndpoint({
    method: 'POST',
    path: '/admin/notifications',
    summary: "Send a notice to one user's bell (platform admins); company_id defaults to the host's company",
    tags: ['notifications', 'admin'],
    body: sendNotificationRequestSchema,
    answer: z.object({ data: notificationSchema }),
    status: 201,
    otherAnswers: { 202: messageSchema },
  }),
};
