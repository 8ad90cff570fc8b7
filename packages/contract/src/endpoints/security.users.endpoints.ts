import { z } from 'zod';
import { activityEntrySchema, userSchema } from '../administration.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema, idSchema } from '../ids.ts';
import { notificationSettingGroupSchema } from '../notifications.ts';
import { LICENCES } from '../platforms.ts';

const zeroOne = z.enum(['0', '1']);
const idName = z.object({ id: z.number().int(), name: z.string() });

/** Security → Users rows: the User of administration.md §3, abilities and notification settings on request. */
export const userRowSchema = userSchema.extend({
  abilities: z.array(z.string()),
  notification_settings: z.array(notificationSettingGroupSchema),
});

/** My Account: the signed-in member, with the notification settings as `settings`. */
export const myAccountRowSchema = userSchema.extend({
  abilities: z.array(z.string()),
  settings: z.array(notificationSettingGroupSchema),
});

/** Admin → Users rows: the account fields and the companies the account belongs to. */
export const adminUserRowSchema = userSchema
  .pick({
    id: true,
    name: true,
    username: true,
    email: true,
    phone_number: true,
    function: true,
    admin: true,
    profile_image: true,
    email_verified: true,
    email_verified_at: true,
    created_at: true,
    updated_at: true,
    autodesk_connected: true,
    autodesk_scope_outdated: true,
  })
  .extend({ companies: z.array(idName) });

export const userActivityRowSchema = activityEntrySchema.extend({ id: z.number().int() });

const accountSorts = [
  'id',
  'name',
  'username',
  'email',
  'phone_number',
  'function',
  'admin',
  'email_verified',
  'email_verified_at',
  'created_at',
  'updated_at',
] as const;

export const userEndpoints = {
  list: defineListEndpoint({
    path: '/users',
    summary: 'Members of this company with role, licences and groups (Security → Users)',
    tags: ['users'],
    row: userRowSchema,
    sorts: [...accountSorts, 'role_id'],
    filters: {
      search: z.string(),
      role_id: idSchema,
      group_id: idSchema,
      licence: z.enum(LICENCES),
      admin: zeroOne,
    },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/users/:id',
    summary: 'One member of this company',
    tags: ['users'],
    params: idParamsSchema,
    query: recordQuerySchema,
    answer: recordAnswerSchema(userRowSchema, {}),
  }),
  adminList: defineListEndpoint({
    path: '/admin/users',
    summary: 'Every account on the platform (platform admins); filter[company_id] narrows to one company',
    tags: ['admin'],
    row: adminUserRowSchema,
    sorts: accountSorts,
    filters: { search: z.string(), company_id: idSchema, admin: zeroOne },
  }),
  adminGet: defineEndpoint({
    method: 'GET',
    path: '/admin/users/:id',
    summary: 'One account with its companies (platform admins)',
    tags: ['admin'],
    params: idParamsSchema,
    query: recordQuerySchema,
    answer: recordAnswerSchema(adminUserRowSchema, {}),
  }),
  myAccount: defineEndpoint({
    method: 'GET',
    path: '/my-account',
    summary: 'The signed-in user, with notification settings and abilities unless excluded',
    tags: ['my-account'],
    query: recordQuerySchema,
    answer: recordAnswerSchema(myAccountRowSchema, {}),
  }),
  myActivity: defineListEndpoint({
    path: '/my-account/activity',
    summary: "The signed-in user's activity in this company, newest first",
    tags: ['my-account'],
    row: userActivityRowSchema,
    sorts: ['id', 'action', 'datetime'],
    filters: { search: z.string() },
  }),
};
