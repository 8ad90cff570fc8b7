import { defineEndpoint } from '../endpoint.ts';
import { messageSchema } from '../errors.ts';
import { broadcastingAuthRequestSchema, broadcastingAuthSchema } from '../notifications.ts';

export const realtimeEndpoints = {
  auth: defineEndpoint({
    method: 'POST',
    path: '/broadcasting/auth',
    summary: 'Authorise a private realtime channel (Pusher-style); joins the socket when socket_id is given',
    tags: ['realtime'],
    body: broadcastingAuthRequestSchema,
    answer: broadcastingAuthSchema,
    otherAnswers: { 403: messageSchema },
  }),
};
