import { realtimeEndpoints } from '@meshport/contract';
import type { CoreServices } from '#core/core-services.ts';
import { HttpError } from '#core/http/http-error.ts';
import { defineRoute } from '#core/http/route.ts';

export function realtimeRoutes(services: CoreServices) {
  const { realtime } = services;
  return [
    defineRoute(realtimeEndpoints.auth, {
      access: 'signed-in',
      async handler({ body, actor, tenant }) {
        const decision = realtime.authorize(actor, tenant, body.channel_name);
        if (!decision.ok) throw new HttpError(decision.status, decision.message);
        const socketId = body.socket_id ?? '';
        if (socketId && tenant) {
          const place = { companyId: tenant.company.id, platform: tenant.platform };
          await realtime.join(socketId, decision.channel, actor.accountId, place);
        }
        return { auth: realtime.sign(socketId, decision.channel), channel: decision.channel };
      },
    }),
  ];
}
