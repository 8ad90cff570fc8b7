import { z } from 'zod';
import { activityEntrySchema, userSchema } from '../administration.ts';
import { deleteStatusSchema, formFlag, idRefList, optionalText, requiredText } from '../content-saves.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema, idSchema } from '../ids.ts';
import { notificationSettingGroupSchema } from '../notifications.ts';
import { LICENCES } from '../platforms.ts';
import { invitationRowSchema } from './security.invitations.endpoints.ts';

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

/** Username: letters, digits and . _ - (sign-in takes it as the identity), 3 to 64 characters. */
export const usernameField = requiredText(64).pipe(
  z
    .string()
    .min(3, 'At least 3 characters.')
    .regex(/^[A-Za-z0-9._-]+$/, 'Only letters, digits, dots, dashes and underscores.'),
);
export const emailField = requiredText(255).pipe(z.email('Enter a valid e-mail address.'));
/** A role, or none: '' and null (a cleared picker) mean none. */
const roleIdField = z
  .union([z.literal(''), z.null(), idSchema], { error: 'Must be a whole number or empty.' })
  .transform((value) => (value === '' ? null : value));
/** Licences by name (`licenses[]=hatch` in form data); '' (an emptied selection) means none. */
const licencesField = z
  .union([z.literal(''), z.array(z.enum(LICENCES, { error: `Must be one of: ${LICENCES.join(', ')}.` }))], {
    error: 'Must be a list of licences.',
  })
  .transform((value) => (value === '' ? [] : [...new Set(value)]));
/** Members of this company by id; '' means none. */
export const memberIdsField = z.union([z.literal(''), idRefList]).transform((value) => (value === '' ? [] : value));

const accountFieldsShape = {
  name: requiredText(255),
  username: usernameField,
  email: emailField,
  phone_number: optionalText(50).optional(),
  function: optionalText(255).optional(),
};

/**
 * POST /users: `role_id` is required (a member has a role). An e-mail of an existing account
 * invites that account (it joins once it accepts, keeping its own details); a new one is made.
 */
export const userCreateSchema = z.object({
  ...accountFieldsShape,
  role_id: roleIdField,
  licenses: licencesField.optional(),
});
/** PATCH /users/{id}: what is given changes; `licenses` replaces the current set. */
export const userUpdateSchema = z.object({
  name: accountFieldsShape.name.optional(),
  username: accountFieldsShape.username.optional(),
  email: accountFieldsShape.email.optional(),
  phone_number: accountFieldsShape.phone_number,
  function: accountFieldsShape.function,
  role_id: roleIdField.optional(),
  licenses: licencesField.optional(),
});
/** POST /admin/users: a new account in this company (invited), with the admin flag. */
export const adminUserCreateSchema = z.object({ ...accountFieldsShape, admin: formFlag.optional() });
export const adminUserUpdateSchema = z.object({
  name: accountFieldsShape.name.optional(),
  username: accountFieldsShape.username.optional(),
  email: accountFieldsShape.email.optional(),
  phone_number: accountFieldsShape.phone_number,
  function: accountFieldsShape.function,
  admin: formFlag.optional(),
});

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
  create: defineEndpoint({
    method: 'POST',
    path: '/users',
    summary:
      'Adds a member: a new e-mail makes an account mailed to set its password; an existing account (same e-mail) is only invited (the answer is the invitation) and joins once it accepts',
    tags: ['users'],
    body: userCreateSchema,
    answer: z.object({ data: z.union([userRowSchema.partial().strict(), invitationRowSchema.strict()]) }),
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/users/:id',
    summary: 'Changes a member (also POST with _method=PATCH); licences follow administration.md §4',
    tags: ['users'],
    params: idParamsSchema,
    body: userUpdateSchema,
    answer: recordAnswerSchema(userRowSchema, {}),
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/users/:id',
    summary: 'Removes a member from this company (the account too when it belongs nowhere else)',
    tags: ['users'],
    params: idParamsSchema,
    answer: z.object({ user_name: z.string(), status: deleteStatusSchema }),
  }),
  adminCreate: defineEndpoint({
    method: 'POST',
    path: '/admin/users',
    summary: 'Creates an account in this company with the admin flag, and mails its invitation (platform admins)',
    tags: ['admin'],
    body: adminUserCreateSchema,
    answer: recordAnswerSchema(adminUserRowSchema, {}),
    status: 201,
  }),
  adminUpdate: defineEndpoint({
    method: 'PATCH',
    path: '/admin/users/:id',
    summary: 'Changes an account and its admin flag (platform admins; not one’s own flag)',
    tags: ['admin'],
    params: idParamsSchema,
    body: adminUserUpdateSchema,
    answer: recordAnswerSchema(adminUserRowSchema, {}),
  }),
  adminDelete: defineEndpoint({
    method: 'DELETE',
    path: '/admin/users/:id',
    summary: 'Deletes an account everywhere (platform admins; not one’s own)',
    tags: ['admin'],
    params: idParamsSchema,
    answer: z.object({ user_name: z.string(), status: deleteStatusSchema }),
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
