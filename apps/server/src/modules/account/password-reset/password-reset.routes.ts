import {
  forgotPasswordRequestSchema,
  messageSchema,
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_SENT_MESSAGE,
  parseHost,
  validationErrorSchema,
} from '@meshport/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Services } from '../app/services.ts';
import { defineRoute } from '../http/route.ts';

const resetBodySchema = z.object({
  token: z.string().max(200).optional(),
  password: z.string().max(1024).optional(),
  password_confirmation: z.string().max(1024).optional(),
});

/**
 * The link goes to the host the request came to, but only when that host is ours: a forged
 * Host header must not make us mail a link to someone else's site.
 */
function linkOrigin(request: FastifyRequest, scheme: string, baseDomain: string): string {
  const hostname = request.hostname.toLowerCase();
  const ours = hostname === baseDomain || parseHost(hostname, baseDomain).tenant !== null;
  const port = request.port ? `:${request.port}` : '';
  return `${scheme}://${ours ? hostname : baseDomain}${port}`;
}

export function passwordResetRoutes(services: Services) {
  const { passwordReset, config } = services;
  return [
    defineRoute({
      method: 'POST',
      url: '/password/forgot',
      access: 'public',
      summary: 'E-mail a link to reset the password; the answer is the same whether or not the address has an account',
      tags: ['auth'],
      schema: {
        body: forgotPasswordRequestSchema,
        response: { 200: messageSchema, 422: validationErrorSchema, 429: messageSchema },
      },
      async handler({ body, request }) {
        await passwordReset.request(body.email, {
          company: request.tenant?.company ?? null,
          origin: linkOrigin(request, config.scheme, config.baseDomain),
          ip: request.ip,
        });
        return { message: PASSWORD_RESET_SENT_MESSAGE };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/password/reset',
      access: 'public',
      summary: 'Set a new password with the token from the e-mailed link; ends every session of the account',
      tags: ['auth'],
      schema: { body: resetBodySchema, response: { 200: messageSchema, 422: validationErrorSchema } },
      async handler({ body }) {
        await passwordReset.reset(body);
        return { message: PASSWORD_RESET_DONE_MESSAGE };
      },
    }),
  ];
}
