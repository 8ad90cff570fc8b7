import { INVITATIONS_PATH, invitationEndpoints } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CoreServices } from '#core/core-services.ts';
import { defineRoute, type RouteDefinition } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute, recordRoute } from '#core/list/list-routes.ts';
import { publicLink } from '#core/mail/public-links.ts';
import { invitationList } from './invitation.list.ts';
import { companyInvitationMail } from './invitation.mail.ts';
import { invitationPolicy } from './invitation.policy.ts';
import { InvitationService } from './invitation.service.ts';
import { companyInvitations } from './invitation.table.ts';

/**
 * Mails the invitation once it is committed, to the account's own address. The link opens the
 * invitations page on the bare base domain, where any account signs in: built from the
 * configuration, never from the request's host. A failed mail is logged; the company may
 * withdraw and invite again.
 */
export async function mailCompanyInvitation(
  services: CoreServices,
  request: FastifyRequest,
  input: { id: number; token: string; to: string; name: string; tenantName: string; days: number },
): Promise<void> {
  const url = publicLink(services.config, { subDomain: null }, INVITATIONS_PATH, {
    id: String(input.id),
    token: input.token,
  });
  try {
    await services.mailer.send(
      companyInvitationMail({ to: input.to, name: input.name, tenantName: input.tenantName, url, days: input.days }),
    );
  } catch (error) {
    request.log.warn({ err: error, invitationId: input.id }, 'company invitation e-mail not sent');
  }
}

/** The company's invitations (Security → Users) and the signed-in account's own (any host). */
export function invitationRoutes(services: CoreServices): RouteDefinition[] {
  const engine = new ListEngine(services.database, services.changes);
  const invitations = new InvitationService(services.database);
  return [
    // Not kept in the response cache: the status turns to expired with time alone.
    listRoute(engine, invitationEndpoints.list, invitationList, {
      access: invitationPolicy.access('view'),
      cache: false,
    }),
    recordRoute(engine, invitationEndpoints.get, invitationList, {
      access: invitationPolicy.access('view'),
      where: (params) => eq(companyInvitations.id, params.id),
      cache: false,
    }),
    defineRoute(invitationEndpoints.withdraw, {
      access: invitationPolicy.access('withdraw'),
      async handler({ params, companyId, actor }) {
        const email = await invitations.withdraw(companyId, actor.accountId, params.id);
        return { email, status: 'withdrawn' as const };
      },
    }),
    defineRoute(invitationEndpoints.received, {
      access: 'signed-in',
      async handler({ actor }) {
        return { data: await invitations.received(actor.accountId) };
      },
    }),
    defineRoute(invitationEndpoints.accept, {
      access: 'signed-in',
      async handler({ actor, params, body, request }) {
        const company = await invitations.accept(actor.accountId, params.id, body.token);
        request.log.info({ accountId: actor.accountId, companyId: company.id }, 'invitation accepted');
        return { message: `You joined ${company.name}.`, company };
      },
    }),
    defineRoute(invitationEndpoints.decline, {
      access: 'signed-in',
      async handler({ actor, params }) {
        await invitations.decline(actor.accountId, params.id);
        return { message: 'Invitation declined.' };
      },
    }),
  ];
}
