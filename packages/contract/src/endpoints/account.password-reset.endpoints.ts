import { defineEndpoint } from '../endpoint.ts';
import { messageSchema, validationErrorSchema } from '../errors.ts';
import { forgotPasswordRequestSchema, resetPasswordBodySchema } from '../password-reset.ts';

export const passwordResetEndpoints = {
  forgot: defineEndpoint({
    method: 'POST',
    path: '/password/forgot',
    summary: 'E-mail a link to reset the password; the answer is the same whether or not the address has an account',
    tags: ['auth'],
    body: forgotPasswordRequestSchema,
    answer: messageSchema,
    otherAnswers: { 403: messageSchema, 422: validationErrorSchema, 429: messageSchema },
  }),
  reset: defineEndpoint({
    method: 'POST',
    path: '/password/reset',
    summary: 'Set a new password with the token from the e-mailed link; ends every session of the account',
    tags: ['auth'],
    body: resetPasswordBodySchema,
    answer: messageSchema,
    otherAnswers: { 403: messageSchema, 422: validationErrorSchema },
  }),
};
