import { z } from 'zod';
import type { Services } from '../app/services.ts';
import { defineRoute } from '../http/route.ts';

/** What the web app needs to know about this deployment before anyone signs in. */
export function systemRoutes(services: Services) {
  return [
    defineRoute({
      method: 'GET',
      url: '/config',
      access: 'public',
      duringMaintenance: true,
      summary: 'Public settings of this deployment',
      tags: ['system'],
      schema: {
        response: {
          200: z.object({
            data: z.object({ base_domain: z.string(), environment: z.string(), idle_timeout_minutes: z.number() }),
          }),
        },
      },
      handler: async () => ({
        data: {
          base_domain: services.config.baseDomain,
          environment: 'acceptance',
          idle_timeout_minutes: services.config.sessionIdleMinutes,
        },
      }),
    }),
  ];
}
