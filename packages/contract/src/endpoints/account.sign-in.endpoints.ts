import { z } from 'zod';
import { authPayloadSchema, loginRequestSchema } from '../auth.ts';
import { defineEndpoint } from '../endpoint.ts';
import { messageSchema } from '../errors.ts';

export const signInEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/login',
    summary: 'Sign in with username or e-mail and password',
    tags: ['auth'],
    body: loginRequestSchema,
    answer: authPayloadSchema,
    otherAnswers: { 401: messageSchema, 403: messageSchema, 429: messageSchema },
  }),
  validate: defineEndpoint({
    method: 'GET',
    path: '/auth/validate',
    summary: 'The signed-in user and what they may do in this company',
    tags: ['auth'],
    answer: authPayloadSchema,
  }),
  logout: defineEndpoint({
    method: 'GET',
    path: '/logout',
    summary: 'End this session',
    tags: ['auth'],
    answer: messageSchema,
  }),
  logoutAll: defineEndpoint({
    method: 'GET',
    path: '/logout-all',
    summary: 'End every session of this account, on every device',
    tags: ['auth'],
    answer: messageSchema.extend({ revoked: z.number().int() }),
  }),
};
