import { configEndpoints } from '@meshport/contract';
import type { CoreServices } from '#core/core-services.ts';
import { defineRoute } from '#core/http/route.ts';

/** What the web app needs to know about this deployment before anyone signs in. */
export function systemRoutes(services: CoreServices) {
  return [
    defineRoute(configEndpoints.get, {
      access: 'public',
      duringMaintenance: true,
      handler: async () => ({
        data: {
          base_domain: services.config.baseDomain,
          environment: 'acceptance',
          idle_timeout_minutes: services.config.sessionIdleMinutes,
          upload_max_bytes: services.config.uploadMaxBytes,
        },
      }),
    }),
  ];
}
