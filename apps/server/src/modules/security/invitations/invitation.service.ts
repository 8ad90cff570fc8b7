import { randomBytes, timingSafeEqual } from 'node:crypto';
import { COMPANY_INVITATION_DAYS, LICENCES, type Licence } from '@meshport/contract';
import { and, eq, sql } from 'drizzle-orm';
import { accounts, memberships } from '#core/auth/account.table.ts';
import { hashToken } from '#core/auth/session.service.ts';
import { type Database, type Db, queryRows } from '#core/db/database.ts';
import { forbidden, HttpError, notFound, ValidationError } from '#core/http/http-error.ts';
import {
  HATCH_NEEDS_DESIGN_AND_SALES,
  LICENCE_NOT_BOUGHT,
  setMemberLicences,
} from '#modules/administration/licences/licence-seats.ts';
import { companyInvitations } from './invitation.table.ts';

export const ALREADY_INVITED = 'This address has an open invitation: withdraw it first to invite again.';
export const NO_SUCH_INVITATION = 'No such invitation.';
export const INVITATION_EXPIRED = 'This invitation has expired. Ask the company to invite you again.';
export const NEEDS_MAIL_LINK =
  'Open the link in the invitation mail to accept: the e-mail address of your account is not confirmed yet.';
export const NO_FREE_SEAT = (company: string, problems: string[]) =>
  `${company} has no seat for the licences it chose (${problems.join(' ')}). Ask them to free one or invite you again.`;

/** What the company chose for the account it invites (the role was checked by the caller). */
export interface InvitationChoice {
  companyId: number;
  accountId: number;
  email: string;
  roleId: number;
  licences: readonly Licence[];
  invitedBy: number;
}

export type ReceivedInvitation = {
  id: number;
  company: { id: number; name: string; sub_domain: string };
  role_title: string;
  licenses: string[];
  created_at: string;
  expires_at: string;
  needs_mail_link: boolean;
};

/** The invitation's token, compared in constant time with the stored hash. */
function sameToken(token: string | undefined, storedHash: string): boolean {
  if (!token) return false;
  const given = Buffer.from(hashToken(token));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** In the company's transaction: refuses bad licences and a second open invitation; answers id and token. */
export async function createInvitation(tx: Db, choice: InvitationChoice): Promise<{ id: number; token: string }> {
  const problems = await licenceProblems(tx, choice.companyId, choice.licences);
  if (problems.length > 0) throw new ValidationError({ licenses: problems });
  // An expired invitation no longer stands in the way of a new one.
  await tx
    .delete(companyInvitations)
    .where(and(eq(companyInvitations.accountId, choice.accountId), sql`${companyInvitations.expiresAt} <= now()`));
  const token = randomBytes(32).toString('base64url');
  const [row] = await tx
    .insert(companyInvitations)
    .values({
      companyId: choice.companyId,
      accountId: choice.accountId,
      email: choice.email,
      roleId: choice.roleId,
      licences: [...choice.licences],
      tokenHash: hashToken(token),
      invitedBy: choice.invitedBy,
      expiresAt: sql`now() + make_interval(days => ${COMPANY_INVITATION_DAYS})`,
    })
    .onConflictDoNothing()
    .returning({ id: companyInvitations.id });
  if (!row) throw new ValidationError({ email: [ALREADY_INVITED] });
  return { id: row.id, token };
}

/** What can be told before any seat is taken: hatch's rule and licences never bought. Seats are counted on acceptance. */
async function licenceProblems(tx: Db, companyId: number, wanted: readonly Licence[]): Promise<string[]> {
  const problems: string[] = [];
  if (wanted.includes('hatch') && !wanted.includes('design_and_sales')) problems.push(HATCH_NEEDS_DESIGN_AND_SALES);
  if (wanted.length === 0) return problems;
  const bought = await queryRows<{ licence: string }>(
    tx,
    sql`select licence_key as licence from company_licences where company_id = ${companyId} and bought > 0`,
  );
  const have = new Set(bought.map((row) => row.licence));
  for (const licence of wanted) if (!have.has(licence)) problems.push(LICENCE_NOT_BOUGHT(licence));
  return problems;
}

/**
 * Membership by acceptance (issue 24): a company that adds an existing account's e-mail only
 * invites it. The account, signed in, accepts; while its e-mail is unconfirmed, only with the
 * mailed link's token, so that whoever holds the account without the mailbox cannot accept. The
 * company sees the address it typed and the status, nothing of the account, until then.
 */
export class InvitationService {
  constructor(private readonly database: Database) {}

  /** The company withdraws one of its invitations; answers the address it had typed. */
  async withdraw(companyId: number, accountId: number, id: number): Promise<string> {
    const [gone] = await this.database.tenant({ companyId, accountId }, (tx) =>
      tx.delete(companyInvitations).where(eq(companyInvitations.id, id)).returning({ email: companyInvitations.email }),
    );
    if (!gone) throw notFound(NO_SUCH_INVITATION);
    return gone.email;
  }

  /**
   * The account's open invitations, across companies (an explicit cross-tenant read of its own
   * rows). One sent to an address the account no longer has is void and not listed.
   */
  async received(accountId: number): Promise<ReceivedInvitation[]> {
    return queryRows<ReceivedInvitation>(
      this.database.system,
      sql`select i.id, json_build_object('id', c.id, 'name', c.name, 'sub_domain', c.sub_domain) as company,
            r.title as role_title, i.licences as licenses,
            to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
            to_char(i.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at,
            (a.email_verified_at is null) as needs_mail_link
          from company_invitations i
          join accounts a on a.id = i.account_id and lower(a.email) = lower(i.email)
          join companies c on c.id = i.company_id and c.deleted_at is null
          join roles r on r.company_id = i.company_id and r.id = i.role_id
          where i.account_id = ${accountId} and i.expires_at > now()
          order by i.created_at desc, i.id desc`,
    );
  }

  /**
   * Joins the inviting company with the role and licences it chose. The token, when given and
   * right, proves the mailbox: the account's e-mail counts as confirmed from then on.
   */
  async accept(accountId: number, id: number, token: string | undefined) {
    const companyId = await this.companyOf(accountId, id);
    return this.database.tenant({ companyId, accountId }, async (tx) => {
      const [found] = await queryRows<{
        roleId: number;
        licences: Licence[];
        tokenHash: string;
        expired: boolean;
        sameEmail: boolean;
        verified: boolean;
        company: string;
        subDomain: string;
      }>(
        tx,
        sql`select i.role_id as "roleId", i.licences, i.token_hash as "tokenHash", i.expires_at <= now() as expired,
              lower(a.email) = lower(i.email) as "sameEmail", a.email_verified_at is not null as verified,
              c.name as company, c.sub_domain as "subDomain"
            from company_invitations i join accounts a on a.id = i.account_id join companies c on c.id = i.company_id
            where i.id = ${id} and i.account_id = ${accountId} and c.deleted_at is null
            for update of i`,
      );
      if (!found?.sameEmail) throw notFound(NO_SUCH_INVITATION);
      if (found.expired) throw new HttpError(410, INVITATION_EXPIRED);
      const proven = sameToken(token, found.tokenHash);
      if (!found.verified && !proven) throw forbidden(NEEDS_MAIL_LINK);
      const joined = await tx
        .insert(memberships)
        .values({ companyId, accountId, roleId: found.roleId })
        .onConflictDoNothing()
        .returning({ accountId: memberships.accountId });
      // Already a member (two tabs accepting): the invitation is spent, the membership stays as it is.
      const licences = found.licences.filter((key) => (LICENCES as readonly string[]).includes(key));
      const problems = joined.length === 0 ? [] : await setMemberLicences(tx, companyId, accountId, licences);
      if (problems.length > 0) throw new HttpError(409, NO_FREE_SEAT(found.company, problems));
      await tx.delete(companyInvitations).where(eq(companyInvitations.id, id));
      if (proven && !found.verified) {
        await tx.update(accounts).set({ emailVerifiedAt: sql`now()` }).where(eq(accounts.id, accountId));
      }
      return { id: companyId, name: found.company, sub_domain: found.subDomain };
    });
  }

  /** The account declines: the invitation is gone, the company sees it no more. */
  async decline(accountId: number, id: number): Promise<void> {
    const companyId = await this.companyOf(accountId, id);
    await this.database.tenant({ companyId, accountId }, (tx) =>
      tx
        .delete(companyInvitations)
        .where(and(eq(companyInvitations.id, id), eq(companyInvitations.accountId, accountId))),
    );
  }

  /** The company of the account's own invitation (the one cross-tenant lookup), or 404. */
  private async companyOf(accountId: number, id: number): Promise<number> {
    const [row] = await this.database.system
      .select({ companyId: companyInvitations.companyId })
      .from(companyInvitations)
      .where(and(eq(companyInvitations.id, id), eq(companyInvitations.accountId, accountId)));
    if (!row) throw notFound(NO_SUCH_INVITATION);
    return row.companyId;
  }
}
