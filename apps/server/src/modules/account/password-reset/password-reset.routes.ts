import { PASSWORD_RESET_DONE_MESSAGE, PASSWORD_RESET_SENT_MESSAGE, passwordResetEndpoints } from '@meshport/contract';
import type { CoreServices } from '#core/core-services.ts';
import { defineRoute } from '#core/http/route.ts';
import type { PasswordResetService } from './password-reset.service.ts';

export function passwordResetRoutes(services: CoreServices & { passwordReset: PasswordResetService }) {
  const { passwordReset } = services;
  return [
    defineRoute(passwordResetEndpoints.forgot, {
      access: 'public',
      async handler({ body, tenant, request }) {
        await passwordReset.request(body.email, {
          company: tenant?.company ?? null,
          platform: tenant?.platform ?? null,
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
