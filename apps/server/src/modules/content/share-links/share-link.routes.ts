import { type AnswerOf, SHARE_PAGE_PATH, shareLinkEndpoints } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { policyActor } from '#core/access/policy.ts';
import type { CoreServices } from '#core/core-services.ts';
import { defineRoute } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute } from '#core/list/list-routes.ts';
import { publicOrigin } from '#core/mail/public-links.ts';
import { shareLinkList } from './share-link.list.ts';
import { shareLinkPolicy } from './share-link.policy.ts';
import { createShareLink, NO_SUCH_SHARE_LINK, revokeShareLink } from './share-link.service.ts';
import { shareLinks } from './share-link.table.ts';

type Row = AnswerOf<typeof shareLinkEndpoints.revoke>['data'];

/**
 * Share links of the company (issue 30), on both platforms: made by whoever may create them for a model or design
 * they may read, listed and revoked by their sharer, or by anyone with manage-share-links.
 */
export function shareLinkRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  const row = async (request: FastifyRequest, id: number) =>
    ((await engine.record(request, shareLinkList, eq(shareLinks.id, id), NO_SUCH_SHARE_LINK)) as { data: Row }).data;
  return [
    listRoute(engine, shareLinkEndpoints.list, shareLinkList, {
      access: shareLinkPolicy.access('list'),
      cache: false,
      options: (request) => {
        const actor = request.actor ? policyActor(request.actor) : null;
        const everyone = actor !== null && shareLinkPolicy.permits(actor, 'manage');
        return everyone ? {} : { where: eq(shareLinks.createdBy, actor?.accountId ?? 0) };
      },
    }),
    defineRoute(shareLinkEndpoints.create, {
      access: shareLinkPolicy.access('create'),
      async handler({ actor, companyId, tenant, body, request }) {
        const created = await services.database.tenant({ companyId, accountId: actor.accountId }, (tx) =>
          createShareLink(tx, companyId, policyActor(actor), body),
        );
        // The page opens on the sales platform's host of the company, whichever platform shared it.
        const origin = publicOrigin(services.config, {
          subDomain: tenant.company.subDomain,
          platform: 'customerportal',
        });
        const url = `${origin}${SHARE_PAGE_PATH}/${created.token}`;
        return { data: { ...(await row(request, created.id)), url } };
      },
    }),
    defineRoute(shareLinkEndpoints.revoke, {
      access: shareLinkPolicy.access('revoke'),
      async handler({ actor, companyId, params, request }) {
        await services.database.tenant({ companyId, accountId: actor.accountId }, (tx) =>
          revokeShareLink(tx, companyId, policyActor(actor), params.id),
        );
        return { data: await row(request, params.id) };
      },
    }),
  ];
}
