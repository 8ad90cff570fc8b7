import { type AnswerOf, COMPANY_INVITATION_DAYS, userEndpoints } from '@meshport/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { grantorOf } from '#core/access/grant.ts';
import { accounts } from '#core/auth/account.table.ts';
import type { CoreServices } from '#core/core-services.ts';
import { queryRows } from '#core/db/database.ts';
import { defineRoute, type MemberActor, type RouteDefinition } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import type { PasswordResetService } from '#modules/account/password-reset/password-reset.service.ts';
import { invitationList } from '#modules/security/invitations/invitation.list.ts';
import { mailCompanyInvitation } from '#modules/security/invitations/invitation.routes.ts';
import { NO_SUCH_INVITATION } from '#modules/security/invitations/invitation.service.ts';
import { companyInvitations } from '#modules/security/invitations/invitation.table.ts';
import { securityUserList } from './user.list.ts';
import { memberEmailChangedMail } from './user.mail.ts';
import { userPolicy } from './user.policy.ts';
import { type EmailChange, UserService, type UserWriter } from './user.service.ts';

export type UserWriteServices = CoreServices & { passwordReset: PasswordResetService };

/** Mails the invitation once the account is committed; a failed mail is logged, the member stays. */
export async function sendInvitation(
  services: UserWriteServices,
  request: FastifyRequest,
  input: { accountId: number; tenantName: string },
): Promise<void> {
  try {
    await services.passwordReset.invite({
      ...input,
      // The link opens this company's host on this platform, built from the configuration (core/mail/public-links).
      place: { subDomain: request.tenant?.company.subDomain ?? null, platform: request.tenant?.platform ?? null },
      ip: request.ip,
    });
  } catch (error) {
    request.log.warn({ err: error, accountId: input.accountId }, 'invitation e-mail not sent');
  }
}

/** Tells the old and the new address that the company changed the account's e-mail; a failed mail is logged. */
async function mailEmailChange(
  services: UserWriteServices,
  request: FastifyRequest,
  change: EmailChange & { tenantName: string },
): Promise<void> {
  for (const [to, toNew] of [
    [change.oldEmail, false],
    [change.newEmail, true],
  ] as const) {
    try {
      await services.mailer.send(memberEmailChangedMail({ ...change, to, toNew }));
    } catch (error) {
      request.log.warn({ err: error }, 'e-mail change notice not sent');
    }
  }
}

/** Security → Users saves: add (invite), change (role, licences, details), remove from the company. */
export function userWriteRoutes(services: UserWriteServices): RouteDefinition[] {
  const engine = new ListEngine(services.database, services.changes);
  const service = new UserService((writer, work) =>
    services.database.tenant({ companyId: writer.companyId, accountId: writer.accountId }, work),
  );
  const writer = ({ actor, companyId }: { actor: MemberActor; companyId: number }): UserWriter => ({
    companyId,
    ...grantorOf(actor),
  });
  const row = async (request: FastifyRequest, id: number) =>
    (await engine.record(request, securityUserList, eq(accounts.id, id), 'No such user.')) as AnswerOf<
      typeof userEndpoints.update
    >;
  /** An admin account, or one that belongs to another company too: its details are not this company's to change. */
  const shared = async (companyId: number, id: number) =>
    (
      await queryRows<{ shared: boolean }>(
        services.database.system,
        sql`select a.is_admin or exists (select 1 from memberships m where m.account_id = a.id and m.company_id <> ${companyId}) as shared
          from accounts a where a.id = ${id}`,
      )
    )[0]?.shared === true;

  return [
    defineRoute(userEndpoints.create, {
      access: userPolicy.access('create'),
      async handler(context) {
        const created = await service.create(writer(context), context.body);
        const tenantName = context.tenant.company.name;
        if (created.kind === 'member') {
          await sendInvitation(services, context.request, { accountId: created.id, tenantName });
          return row(context.request, created.id);
        }
        await mailCompanyInvitation(services, context.request, {
          ...created,
          tenantName,
          days: COMPANY_INVITATION_DAYS,
        });
        // Only the invitation: what the company typed and chose, nothing of the account.
        return (await engine.record(
          context.request,
          invitationList,
          eq(companyInvitations.id, created.id),
          NO_SUCH_INVITATION,
        )) as AnswerOf<typeof userEndpoints.create>;
      },
    }),
    defineRoute(userEndpoints.update, {
      access: userPolicy.access('update'),
      async handler(context) {
        const { id } = context.params;
        const changed = await service.update(writer(context), id, context.body, await shared(context.companyId, id));
        if (changed)
          await mailEmailChange(services, context.request, { ...changed, tenantName: context.tenant.company.name });
        return row(context.request, id);
      },
    }),
    defineRoute(userEndpoints.delete, {
      access: userPolicy.access('delete'),
      async handler(context) {
        const name = await service.remove(writer(context), context.params.id);
        return { user_name: name, status: 'deleted' as const };
      },
    }),
  ];
}
