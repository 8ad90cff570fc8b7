import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { messageSchema, validationErrorSchema } from '../errors.ts';

/** Longest `redirect_url` accepted: an address of our own, never a document. */
export const AUTODESK_REDIRECT_URL_MAX = 2048;

/**
 * The query parameter the callback adds to the page it returns to when the connection failed,
 * and its values: the screen shows a message per reason.
 */
export const AUTODESK_ERROR_PARAM = 'autodesk_error';
export const AUTODESK_ERRORS = ['denied', 'state', 'expired', 'session', 'provider'] as const;
export type AutodeskError = (typeof AUTODESK_ERRORS)[number];

export const autodeskLoginBodySchema = z.object({
  redirect_url: z
    .string({ error: 'The redirect url is required.' })
    .min(1, 'The redirect url is required.')
    .max(AUTODESK_REDIRECT_URL_MAX, `The redirect url may not be longer than ${AUTODESK_REDIRECT_URL_MAX} characters.`),
});

export const autodeskLoginAnswerSchema = z.object({
  /** The provider's authorisation address, with state and the PKCE challenge. */
  redirect_url: z.url(),
});

/** What the provider sends the browser back with (RFC 6749 §4.1.2). */
export const autodeskCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});

export const autodeskEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/autodesk/oauth/login',
    summary:
      "Start connecting the member's Autodesk account: answers the provider's authorisation address (authorisation code with PKCE S256)",
    tags: ['autodesk'],
    body: autodeskLoginBodySchema,
    answer: autodeskLoginAnswerSchema,
    otherAnswers: { 401: messageSchema, 403: messageSchema, 409: messageSchema, 422: validationErrorSchema },
  }),
  callback: defineEndpoint({
    method: 'GET',
    path: '/autodesk/oauth/callback',
    summary:
      'Where the provider sends the browser back: stores the grant and redirects to the page the connection started from',
    tags: ['autodesk'],
    query: autodeskCallbackQuerySchema,
    answer: z.null(),
    status: 303,
    otherAnswers: { 400: messageSchema, 409: messageSchema, 422: validationErrorSchema },
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/autodesk/oauth/logout',
    summary: "Disconnect the member's Autodesk account: revokes the grant at the provider and forgets it",
    tags: ['autodesk'],
    answer: messageSchema,
    otherAnswers: { 401: messageSchema, 403: messageSchema },
  }),
} as const;
