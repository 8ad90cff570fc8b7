import { type AdminCompany, type BodyOf, type companyEndpoints, LICENCES, type Licence } from '@meshport/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { accounts, membershipLicences, memberships, roleAbilities, roles } from '#core/auth/account.table.ts';
import { hashPassword } from '#core/auth/password.ts';
import { type Database, type Db, queryRows } from '#core/db/database.ts';
import { forbidden, notFound, ValidationError } from '#core/http/http-error.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import { type CompanyRow, companies } from '#core/tenancy/company.table.ts';
import { companyLicences } from '#modules/administration/licences/company-licence.table.ts';
import { isUniqueViolation } from '#modules/tools/shared/named-record.writer.ts';
import { STARTER_ROLES } from './company-starter-roles.ts';

export type AdminCompanyCreate = BodyOf<typeof companyEndpoints.adminCreate>;
export type AdminCompanyUpdate = BodyOf<typeof companyEndpoints.adminUpdate>;
export type AdminCompanyRecord = AdminCompany & { licences: Record<string, number> };

export const SUB_DOMAIN_TAKEN = 'This sub-domain is taken.';
export const OWN_COMPANY = 'You cannot delete the company you are signed in on.';
const NO_SUCH_COMPANY = 'No such company.';

export interface ProvisionResult {
  companyId: number;
  /** The first administrator, when the account is new and must be invited to set a password. */
  invite: { accountId: number } | null;
}

/**
 * Admin companies (administration.md §2, issue 13 item 6): provisioning a tenant, changing its
 * name, sub-domain and seats, and deleting it with everything of it, stored files included.
 * Cross-tenant by nature, so it works on the owner connection (design: cross-tenant work takes its
 * own explicit path, not the tenant role).
 */
export class AdminCompanyService {
  constructor(
    private readonly database: Database,
    private readonly storage: FileStorage,
    private readonly baseDomain: string,
  ) {}

  async companyRow(id: number): Promise<CompanyRow | null> {
    const [row] = await this.database.system.select().from(companies).where(eq(companies.id, id));
    return row ?? null;
  }

  async record(id: number): Promise<AdminCompanyRecord> {
    const [row] = await queryRows<AdminCompany>(
      this.database.system,
      sql`select id, name, domain, sub_domain, sub_domain || ${`.${this.baseDomain}`} as fqdn, database,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
            to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at
          from companies where id = ${id} and deleted_at is null`,
    );
    if (!row) throw notFound(NO_SUCH_COMPANY);
    const seats = await this.database.system
      .select({ key: companyLicences.licenceKey, bought: companyLicences.bought })
      .from(companyLicences)
      .where(eq(companyLicences.companyId, id));
    const licences = Object.fromEntries(LICENCES.map((key) => [key, seats.find((s) => s.key === key)?.bought ?? 0]));
    return { ...row, licences };
  }

  async create(body: AdminCompanyCreate): Promise<ProvisionResult> {
    const bought = (key: Licence) => body.licences?.[key] ?? 0;
    try {
      return await this.database.system.transaction(async (tx) => {
        const [company] = await tx
          .insert(companies)
          .values({ name: body.name, subDomain: body.sub_domain })
          .returning({ id: companies.id });
        const companyId = company?.id as number;
        await tx
          .insert(companyLicences)
          .values(LICENCES.map((licenceKey) => ({ companyId, licenceKey, bought: bought(licenceKey) })));
        const roleIds: number[] = [];
        for (const role of STARTER_ROLES) {
          const [row] = await tx
            .insert(roles)
            .values({ companyId, title: role.title, description: role.description })
            .returning({ id: roles.id });
          const roleId = row?.id as number;
          roleIds.push(roleId);
          await tx
            .insert(roleAbilities)
            .values(role.abilities.map((abilityKey) => ({ companyId, roleId, abilityKey })));
        }
        const [existing] = await tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(sql`lower(${accounts.email}) = ${body.admin_email}`);
        const accountId = existing?.id ?? (await this.newAccount(tx, body.admin_name, body.admin_email));
        await tx.insert(memberships).values({ companyId, accountId, roleId: roleIds[0] ?? null });
        // The first administrator holds every licence the company bought (hatch only with design_and_sales).
        const held = LICENCES.filter((key) => bought(key) > 0 && (key !== 'hatch' || bought('design_and_sales') > 0));
        if (held.length > 0) {
          await tx.insert(membershipLicences).values(held.map((licenceKey) => ({ companyId, accountId, licenceKey })));
        }
        return { companyId, invite: existing ? null : { accountId } };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ValidationError({ sub_domain: [SUB_DOMAIN_TAKEN] });
      throw error;
    }
  }

  async update(id: number, body: AdminCompanyUpdate): Promise<void> {
    try {
      await this.database.system.transaction(async (tx) => {
        const [current] = await tx
          .select({ id: companies.id })
          .from(companies)
          .where(and(eq(companies.id, id), sql`${companies.deletedAt} is null`))
          .for('update');
        if (!current) throw notFound(NO_SUCH_COMPANY);
        await tx
          .update(companies)
          .set({
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.sub_domain !== undefined ? { subDomain: body.sub_domain } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(companies.id, id));
        if (body.licences) await this.setSeats(tx, id, body.licences);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ValidationError({ sub_domain: [SUB_DOMAIN_TAKEN] });
      throw error;
    }
  }

  /**
   * Removes the company and everything of it in one transaction: its rows (cascades, then any
   * table with a company_id the cascades did not reach), the accounts that belonged to it alone
   * (platform admins stay), then its stored files.
   */
  async delete(id: number, hostCompanyId: number): Promise<string> {
    if (id === hostCompanyId) throw forbidden(OWN_COMPANY);
    const company = await this.database.system.transaction(async (tx) => {
      const [row] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
      if (!row || row.deletedAt) throw notFound(NO_SUCH_COMPANY);
      const members = await tx
        .select({ id: memberships.accountId })
        .from(memberships)
        .where(eq(memberships.companyId, id));
      await tx.delete(companies).where(eq(companies.id, id));
      const tables = await queryRows<{ table_name: string }>(
        tx,
        sql`select c.table_name from information_schema.columns c
            join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
            where c.table_schema = 'public' and c.column_name = 'company_id' and t.table_type = 'BASE TABLE'`,
      );
      for (const { table_name } of tables) {
        await tx.execute(sql`delete from ${sql.identifier(table_name)} where company_id = ${id}`);
      }
      const memberIds = members.map((member) => member.id);
      if (memberIds.length > 0) {
        await tx
          .delete(accounts)
          .where(
            and(
              inArray(accounts.id, memberIds),
              eq(accounts.isAdmin, false),
              sql`not exists (select 1 from memberships m where m.account_id = ${accounts.id})`,
            ),
          );
      }
      return row;
    });
    await this.storage.removeFolder(`companies/${id}`);
    for (const key of [company.logoPath, company.backgroundImagePath]) {
      if (key) await this.storage.remove(key).catch(() => {});
    }
    return company.name;
  }

  private async setSeats(tx: Db, companyId: number, seats: Partial<Record<Licence, number>>): Promise<void> {
    const used = await queryRows<{ key: string; used: number }>(
      tx,
      sql`select licence_key as key, count(*)::int as used from membership_licences
          where company_id = ${companyId} group by licence_key`,
    );
    const errors: Record<string, string[]> = {};
    for (const [key, bought] of Object.entries(seats) as [Licence, number][]) {
      const inUse = used.find((row) => row.key === key)?.used ?? 0;
      if (bought < inUse) errors[`licences.${key}`] = [`${inUse} seats are in use.`];
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    for (const [licenceKey, bought] of Object.entries(seats) as [Licence, number][]) {
      await tx
        .insert(companyLicences)
        .values({ companyId, licenceKey, bought })
        .onConflictDoUpdate({ target: [companyLicences.companyId, companyLicences.licenceKey], set: { bought } });
    }
  }

  /** A new account with an unusable password (the invitation sets one) and a free username from the e-mail. */
  private async newAccount(tx: Db, name: string, email: string): Promise<number> {
    const base = (email.split('@')[0] ?? 'user').replace(/[^a-z0-9._-]/g, '').slice(0, 40) || 'user';
    const taken = await queryRows<{ username: string }>(
      tx,
      sql`select lower(username) as username from accounts where lower(username) like ${`${base}%`}`,
    );
    const names = new Set(taken.map((row) => row.username));
    let username = base;
    for (let n = 2; names.has(username); n++) username = `${base}${n}`;
    const unusable = await hashPassword(crypto.randomUUID() + crypto.randomUUID());
    const [row] = await tx
      .insert(accounts)
      .values({ name, username, email, passwordHash: unusable })
      .returning({ id: accounts.id });
    return row?.id as number;
  }
}
