import { messageSchema } from '@meshport/contract';
import { z } from 'zod';
import type { Services } from '../app/services.ts';
import { HttpError, unauthenticated } from '../http/http-error.ts';
import { defineRoute } from '../http/route.ts';

const authRequestSchema = z.object({
  channel_name: z.string({ error: 'The channel_name field is required.' }).min(1).max(200),
  socket_id: z.string().max(100).optional(),
});

export function realtimeRoutes(services: Services) {
  const { realtime } = services;
  return [
    defineRoute({
      method: 'POST',
      url: '/broadcasting/auth',
      access: 'signed-in',
      summary: 'Authorise a private realtime channel (Pusher-style); joins the socket when socket_id is given',
      tags: ['realtime'],
      schema: {
        body: authRequestSchema,
        response: { 200: z.object({ auth: z.string(), channel: z.string() }), 403: messageSchema },
      },
      async handler({ body, request }) {
        const actor = request.actor;
        if (!actor) throw unauthenticated();
        const companyId = request.tenant?.company.id ?? null;
        const decision = realtime.authorize(actor, companyId, body.channel_name);
        if (!decision.ok) throw new HttpError(decision.status, decision.message);
        const socketId = body.socket_id ?? '';
        if (socketId && companyId !== null) await realtime.join(socketId, decision.channel, actor.accountId, companyId);
        return { auth: realtime.sign(socketId, decision.channel), channel: decision.channel };
      },
    }),
  ];
}
