import { randomBytes } from 'node:crypto';
import type { BodyOf, Licence, userEndpoints } from '@meshport/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { added, type Grantor, grantRefusal, NOT_OWN_LICENCES, NOT_OWN_ROLE, ownGrants } from '#core/access/grant.ts';
import { accounts, membershipLicences, memberships, roleAbilities, roles } from '#core/auth/account.table.ts';
import { hashPassword } from '#core/auth/password.ts';
import { type Db, queryRows } from '#core/db/database.ts';
import { forbidden, notFound, ValidationError } from '#core/http/http-error.ts';
import { setMemberLicences } from '#modules/administration/licences/licence-seats.ts';
import { createInvitation } from '#modules/security/invitations/invitation.service.ts';
import { isUniqueViolation } from '#modules/tools/shared/named-record.writer.ts';

export type UserCreate = BodyOf<typeof userEndpoints.create>;
export type UserUpdate = BodyOf<typeof userEndpoints.update>;
export type AccountFields = Pick<UserUpdate, 'name' | 'username' | 'email' | 'phone_number' | 'function'>;

export const ROLE_REQUIRED = 'Choose a role.';
export const ROLE_MISSING = 'Choose a role of this company.';
export const USERNAME_TAKEN = 'This username is already taken.';
export const EMAIL_TAKEN = 'This e-mail address is already taken.';
export const ALREADY_MEMBER = 'This person is already a member of this company.';
export const NOT_OWN_REMOVAL = 'You cannot remove yourself from the company.';
export const SHARED_ACCOUNT =
  'This account is an administrator or belongs to other companies too: only an administrator changes its details.';
const NO_SUCH_USER = 'No such user.';

export interface EmailChange {
  name: string;
  oldEmail: string;
  newEmail: string;
}

/** What an add made: a member (a new account, mailed to set its password) or an invitation of an existing account (mailed its link). */
export type UserCreated =
  | { kind: 'member'; id: number }
  | { kind: 'invitation'; id: number; token: string; to: string; name: string };

/** Who writes: the tenant transaction's scope, and what they hold (a role or licence is given only by its holder). */
export interface UserWriter extends Grantor {
  companyId: number;
}

/** Runs `work` in the writer's tenant transaction. */
export type InTenant = <T>(writer: UserWriter, work: (tx: Db) => Promise<T>) => Promise<T>;

/** Errors per field, gathered before one ValidationError is thrown. */
type Errors = Record<string, string[]>;
const add = (errors: Errors, field: string, message: string) => {
  errors[field] = [...(errors[field] ?? []), message];
};

/** A racing save took the username or e-mail between our check and the write: the same 422. */
export async function uniqueAccountFields<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const text = JSON.stringify(error, Object.getOwnPropertyNames(error ?? {}));
    throw new ValidationError(text.includes('email') ? { email: [EMAIL_TAKEN] } : { username: [USERNAME_TAKEN] });
  }
}

/** A password nobody knows: the invitation link sets the first one. */
async function unusablePassword(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}

/**
 * Security → Users saves (issue 13 §3, §7). An account is one person across companies; a member
 * is its membership here (role and licences). Adding an e-mail that already has an account only
 * invites that account (it joins by accepting, signed in); a new e-mail makes a new account, whose
 * first password the mailed link sets. A changed e-mail is unconfirmed until its owner follows a link.
 */
export class UserService {
  constructor(private readonly inTenant: InTenant) {}

  /**
   * Makes a new account and its membership, or only invites the existing account of that e-mail
   * (issue 24): it joins once it accepts, and the company learns nothing of it before.
   */
  async create(writer: UserWriter, body: UserCreate): Promise<UserCreated> {
    return uniqueAccountFields(() =>
      this.inTenant(writer, async (tx) => {
        const errors: Errors = {};
        await this.checkRole(tx, writer, body.role_id, errors);
        // before the new-account and the invitation paths part: both give these licences
        this.checkLicenceGrant(writer, [], body.licenses ?? [], errors);
        const [existing] = await tx
          .select({ id: accounts.id, email: accounts.email, name: accounts.name })
          .from(accounts)
          .where(sql`lower(${accounts.email}) = ${body.email.toLowerCase()}`);
        if (existing) {
          const [member] = await tx
            .select({ id: memberships.accountId })
            .from(memberships)
            .where(eq(memberships.accountId, existing.id));
          if (member) add(errors, 'email', ALREADY_MEMBER);
        } else {
          await checkUniqueAccount(tx, { username: body.username }, null, errors);
        }
        if (Object.keys(errors).length > 0 || body.role_id === null) throw new ValidationError(errors);
        if (existing) {
          const invitation = await createInvitation(tx, {
            companyId: writer.companyId,
            accountId: existing.id,
            email: body.email,
            roleId: body.role_id,
            licences: body.licenses ?? [],
            invitedBy: writer.accountId,
          });
          return { kind: 'invitation', ...invitation, to: existing.email, name: existing.name };
        }
        const id = (
          await tx
            .insert(accounts)
            .values({
              name: body.name,
              username: body.username,
              email: body.email,
              phoneNumber: body.phone_number ?? null,
              function: body.function ?? null,
              passwordHash: await unusablePassword(),
            })
            .returning({ id: accounts.id })
        )[0]?.id as number;
        await tx.insert(memberships).values({ companyId: writer.companyId, accountId: id, roleId: body.role_id });
        await this.licences(tx, writer, id, body.licenses ?? []);
        return { kind: 'member', id };
      }),
    );
  }

  /** Answers the e-mail change to tell both addresses of, if the address changed. */
  async update(writer: UserWriter, id: number, body: UserUpdate, sharedAccount: boolean): Promise<EmailChange | null> {
    return uniqueAccountFields(() =>
      this.inTenant(writer, async (tx) => {
        const before = await this.member(tx, id, 'for update');
        const errors: Errors = {};
        const changesAccount = ACCOUNT_KEYS.some((key) => body[key] !== undefined);
        if (changesAccount && sharedAccount && !writer.admin) throw forbidden(SHARED_ACCOUNT);
        await this.checkOwnGrants(tx, writer, id, body, errors);
        if (body.role_id !== undefined) await this.checkRole(tx, writer, body.role_id, errors);
        if (body.licenses !== undefined) {
          this.checkLicenceGrant(writer, await this.currentLicences(tx, id), body.licenses, errors);
        }
        await checkUniqueAccount(tx, body, id, errors);
        if (Object.keys(errors).length > 0) throw new ValidationError(errors);
        await updateAccountFields(tx, id, body);
        await tx
          .update(memberships)
          .set({ ...(body.role_id !== undefined ? { roleId: body.role_id } : {}), updatedAt: sql`now()` })
          .where(eq(memberships.accountId, id));
        if (body.licenses !== undefined) await this.licences(tx, writer, id, body.licenses);
        if (body.email === undefined || body.email.toLowerCase() === before.email.toLowerCase()) return null;
        // The company typed the address; its owner has not shown it is theirs.
        await tx.update(accounts).set({ emailVerifiedAt: null }).where(eq(accounts.id, id));
        return { name: body.name ?? before.name, oldEmail: before.email, newEmail: body.email };
      }),
    );
  }

  /** Ends the membership; answers the member's name. */
  async remove(writer: UserWriter, id: number): Promise<string> {
    if (id === writer.accountId) throw new ValidationError({ id: [NOT_OWN_REMOVAL] });
    return this.inTenant(writer, async (tx) => {
      const name = (await this.member(tx, id, 'for update')).name;
      await tx.delete(memberships).where(eq(memberships.accountId, id));
      return name;
    });
  }

  /** A role of this company, all of whose abilities the writer holds. */
  private async checkRole(tx: Db, writer: Grantor, roleId: number | null, errors: Errors): Promise<void> {
    if (roleId === null) {
      add(errors, 'role_id', ROLE_REQUIRED);
      return;
    }
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
    if (!role) {
      add(errors, 'role_id', ROLE_MISSING);
      return;
    }
    const held = await tx
      .select({ key: roleAbilities.abilityKey })
      .from(roleAbilities)
      .where(eq(roleAbilities.roleId, roleId));
    const refusal = grantRefusal(
      writer,
      'abilities',
      held.map((row) => row.key),
    );
    if (refusal) add(errors, 'role_id', refusal);
  }

  /** Nobody but a platform administrator changes their own role or licences; sending them unchanged is no change. */
  private async checkOwnGrants(tx: Db, writer: UserWriter, id: number, body: UserUpdate, errors: Errors) {
    if (!ownGrants(writer, id)) return;
    if (body.role_id === undefined && body.licenses === undefined) return;
    const [own] = await tx
      .select({ roleId: memberships.roleId })
      .from(memberships)
      .where(eq(memberships.accountId, id));
    if (body.role_id !== undefined && body.role_id !== (own?.roleId ?? null)) add(errors, 'role_id', NOT_OWN_ROLE);
    if (body.licenses !== undefined) {
      const current = await this.currentLicences(tx, id);
      const wanted = new Set(body.licenses);
      if (wanted.size !== current.length || added(current, [...wanted]).length > 0) {
        add(errors, 'licenses', NOT_OWN_LICENCES);
      }
    }
  }

  /** A licence the member does not have yet is given only by one who holds it. */
  private checkLicenceGrant(writer: Grantor, current: readonly string[], wanted: readonly string[], errors: Errors) {
    const refusal = grantRefusal(writer, 'licences', added(current, wanted));
    if (refusal) add(errors, 'licenses', refusal);
  }

  private async licences(tx: Db, writer: UserWriter, accountId: number, wanted: readonly Licence[]) {
    const problems = await setMemberLicences(tx, writer.companyId, accountId, wanted);
    if (problems.length > 0) throw new ValidationError({ licenses: problems });
  }

  private async currentLicences(tx: Db, accountId: number): Promise<string[]> {
    const rows = await tx
      .select({ key: membershipLicences.licenceKey })
      .from(membershipLicences)
      .where(eq(membershipLicences.accountId, accountId));
    return rows.map((row) => row.key);
  }

  /** The member of this company (row-level security limits memberships to it), or 404. */
  private async member(tx: Db, id: number, lock?: 'for update'): Promise<{ name: string; email: string }> {
    const rows = await queryRows<{ name: string; email: string }>(
      tx,
      sql`select a.name, a.email from memberships m join accounts a on a.id = m.account_id where m.account_id = ${id} ${lock ? sql`for update of m` : sql``}`,
    );
    if (!rows[0]) throw notFound(NO_SUCH_USER);
    return rows[0];
  }
}

const ACCOUNT_KEYS = ['name', 'username', 'email', 'phone_number', 'function'] as const;

/** Changes the account's own fields (those given). */
export async function updateAccountFields(tx: Db, id: number, body: AccountFields): Promise<void> {
  const set = {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.username !== undefined ? { username: body.username } : {}),
    ...(body.email !== undefined ? { email: body.email } : {}),
    ...(body.phone_number !== undefined ? { phoneNumber: body.phone_number } : {}),
    ...(body.function !== undefined ? { function: body.function } : {}),
  };
  if (Object.keys(set).length === 0) return;
  await tx
    .update(accounts)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(accounts.id, id));
}

/** Adds a 422 message for a username or e-mail another account has (case-insensitive). */
export async function checkUniqueAccount(
  tx: Db,
  body: { username?: string; email?: string },
  self: number | null,
  errors: Errors,
): Promise<void> {
  const other = (column: typeof accounts.username | typeof accounts.email, value: string) =>
    tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(sql`lower(${column}) = ${value.toLowerCase()}`, self === null ? undefined : ne(accounts.id, self)));
  if (body.username !== undefined && (await other(accounts.username, body.username)).length > 0) {
    add(errors, 'username', USERNAME_TAKEN);
  }
  if (body.email !== undefined && (await other(accounts.email, body.email)).length > 0) {
    add(errors, 'email', EMAIL_TAKEN);
  }
}
