import { z } from 'zod';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { messageSchema } from '../errors.ts';
import { idParamsSchema } from '../ids.ts';
import { LICENCES } from '../platforms.ts';

/** How long an invitation to join a company stays open. */
export const COMPANY_INVITATION_DAYS = 14;
/** The web page an invitation mail links to (on the bare base domain: the invitee need not be a member anywhere in particular). */
export const INVITATIONS_PATH = '/invitations';

export const invitationStatusSchema = z.enum(['invited', 'expired']);

/**
 * What the inviting company sees of an invitation: the e-mail it typed, its own choices (role,
 * licences) and the status. Nothing of the account (name, username, phone, job title) until it accepts.
 */
export const invitationRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: invitationStatusSchema,
  role_id: z.number().int(),
  role: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  licenses: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  expires_at: z.string(),
});

/** An invitation as its account sees it after signing in: which company asks, with what role. */
export const receivedInvitationSchema = z.object({
  id: z.number().int(),
  company: z.object({ id: z.number().int(), name: z.string(), sub_domain: z.string() }),
  role_title: z.string(),
  licenses: z.array(z.string()),
  created_at: z.string(),
  expires_at: z.string(),
  /**
   * Whether accepting needs the link's token: the account's e-mail is not confirmed yet, so only
   * the mailbox's owner (who received the link) may accept.
   */
  needs_mail_link: z.boolean(),
});

/** Accept: the token of the mailed link (`?token=`), needed while the account's e-mail is not confirmed. */
export const invitationAcceptSchema = z.object({ token: z.string().max(200).optional() });

export const invitationEndpoints = {
  list: defineListEndpoint({
    path: '/invitations',
    summary: 'Invitations this company sent to existing accounts, open or expired (Security → Users)',
    tags: ['users'],
    row: invitationRowSchema,
    sorts: ['id', 'email', 'created_at', 'updated_at', 'expires_at'],
    filters: { search: z.string(), status: invitationStatusSchema, licence: z.enum(LICENCES) },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/invitations/:id',
    summary: 'One invitation of this company',
    tags: ['users'],
    params: idParamsSchema,
    query: recordQuerySchema,
    answer: recordAnswerSchema(invitationRowSchema, {}),
  }),
  withdraw: defineEndpoint({
    method: 'DELETE',
    path: '/invitations/:id',
    summary: 'Withdraws an invitation of this company',
    tags: ['users'],
    params: idParamsSchema,
    answer: z.object({ email: z.string(), status: z.literal('withdrawn') }),
  }),
  received: defineEndpoint({
    method: 'GET',
    path: '/my-invitations',
    summary: "The signed-in account's open invitations to join companies (on any host)",
    tags: ['my-account'],
    answer: z.object({ data: z.array(receivedInvitationSchema) }),
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/my-invitations/:id/accept',
    summary: 'Joins the inviting company with the role and licences it chose',
    tags: ['my-account'],
    params: idParamsSchema,
    body: invitationAcceptSchema,
    answer: z.object({
      message: z.string(),
      company: z.object({ id: z.number().int(), name: z.string(), sub_domain: z.string() }),
    }),
  }),
  decline: defineEndpoint({
    method: 'POST',
    path: '/my-invitations/:id/decline',
    summary: 'Declines an invitation: the company sees it no more',
    tags: ['my-account'],
    params: idParamsSchema,
    answer: messageSchema,
  }),
};
