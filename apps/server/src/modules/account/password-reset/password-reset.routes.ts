import {
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_SENT_MESSAGE,
  parseHost,
  passwordResetEndpoints,
} from '@meshport/contract';
import type { FastifyRequest } from 'fastify';
import type { CoreServices } from '#core/core-services.ts';
import { defineRoute } from '#core/http/route.ts';
import type { PasswordResetService } from './password-reset.service.ts';

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

export function passwordResetRoutes(services: CoreServices & { passwordReset: PasswordResetService }) {
  const { passwordReset, config } = services;
  return [
    defineRoute(passwordResetEndpoints.forgot, {
      access: 'public',
      async handler({ body, tenant, request }) {
        await passwordReset.request(body.email, {
          company: tenant?.company ?? null,
          origin: linkOrigin(request, config.scheme, config.baseDomain),
          ip: request.ip,
        });
        return { message: PASSWORD_RESET_SENT_MESSAGE };
      },
    }),
    defineRoute(passwordResetEndpoints.reset, {
      access: 'public',
      async handler({ body }) {
        await passwordReset.reset(body);
        return { message: PASSWORD_RESET_DONE_MESSAGE };
      },
    }),
  ];
}
