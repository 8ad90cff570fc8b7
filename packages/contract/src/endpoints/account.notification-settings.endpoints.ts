import { defineEndpoint } from '../endpoint.ts';
import { notificationSettingsResponseSchema, updateNotificationSettingsSchema } from '../notifications.ts';

export const notificationSettingEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/my-account/notification-settings',
    summary: 'My e-mail and browser notification settings, grouped by category',
    tags: ['notifications'],
    answer: notificationSettingsResponseSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/my-account/notification-settings',
    summary: 'Change some of my notification settings; answers all of them',
    tags: ['notifications'],
    body: updateNotificationSettingsSchema,
    answer: notificationSettingsResponseSchema,
  }),
};
