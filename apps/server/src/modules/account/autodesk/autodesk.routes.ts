import { AUTODESK_ERROR_PARAM, autodeskEndpoints } from '@meshport/contract';
import type { FastifyRequest } from 'fastify';
import type { CoreServices } from '#core/core-services.ts';
import { forbidden, HttpError } from '#core/http/http-error.ts';
import { defineRoute, type RouteDefinition } from '#core/http/route.ts';
import { createLogger } from '#core/operations/log-context.ts';
import { setRequiredAutodeskScopes } from './autodesk.fields.ts';
import { AutodeskService, DISCONNECTED, MEMBERS_ONLY, TURNED_OFF, UNKNOWN_STATE } from './autodesk.service.ts';

/** The page a browser lands on when the callback cannot tell where it came from. */
const SETTINGS_PAGE = `/user/profile?tab=settings&${AUTODESK_ERROR_PARAM}=state`;

/** The request's own `scheme://host[:port]`: the tenant resolved from this host, so it is ours. */
function ownOrigin(request: FastifyRequest, scheme: string): string {
  return `${scheme}://${request.host.toLowerCase()}`;
}

/** A browser following a redirect asks for a page; an API client for JSON. */
function wantsPage(request: FastifyRequest): boolean {
  return /\btext\/html\b/.test(request.headers.accept ?? '');
}

/** The Autodesk integration's OAuth 2 calls (administration.md §7, docs/decisions/0026). */
export function autodeskRoutes(services: CoreServices): RouteDefinition[] {
  const { config } = services;
  setRequiredAutodeskScopes(config.autodesk.scopes);
  const autodesk = new AutodeskService(
    services.database,
    config.autodesk,
    createLogger(config.logLevel).child({ module: 'autodesk' }),
  );
  return [
    defineRoute(autodeskEndpoints.login, {
      access: 'member',
      async handler({ actor, tenant, companyId, body, request }) {
        if (!actor.membership) throw forbidden(MEMBERS_ONLY);
        if (tenant.company.autodeskIntegration === 'no') throw forbidden(TURNED_OFF);
        const redirectUrl = await autodesk.startLogin({
          companyId,
          accountId: actor.accountId,
          sessionId: actor.sessionId,
          origin: ownOrigin(request, config.scheme),
          redirectUrl: body.redirect_url,
        });
        return { redirect_url: redirectUrl };
      },
    }),
    // Public: the provider sends the browser here; the state (bound to the session) is the check.
    defineRoute(autodeskEndpoints.callback, {
      access: 'public',
      async handler({ actor, query, request, reply }) {
        const outcome = await autodesk.finishLogin({ query, sessionId: actor?.sessionId ?? null });
        if ('location' in outcome) return reply.code(303).redirect(outcome.location);
        if (wantsPage(request)) return reply.code(303).redirect(SETTINGS_PAGE);
        throw new HttpError(400, UNKNOWN_STATE);
      },
    }),
    defineRoute(autodeskEndpoints.logout, {
      access: 'member',
      async handler({ actor, companyId }) {
        await autodesk.disconnect({ companyId, accountId: actor.accountId });
        return { message: DISCONNECTED };
      },
    }),
  ];
}
