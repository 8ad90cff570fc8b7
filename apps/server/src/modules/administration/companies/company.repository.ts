import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { memberships } from '#core/auth/account.table.ts';
import type { Database } from '#core/db/database.ts';
import { type CompanyRow, companies } from '#core/tenancy/company.table.ts';

export class CompanyRepository {
  constructor(private readonly database: Database) {}

  /** The companies an account may switch to: its memberships, or all of them for platform admins. */
  async switchableFor(accountId: number, admin: boolean): Promise<CompanyRow[]> {
    const live = isNull(companies.deletedAt);
    if (admin) return this.database.system.select().from(companies).where(live).orderBy(asc(companies.name));
    return this.database.system
      .select({ company: companies })
      .from(companies)
      .innerJoin(memberships, and(eq(memberships.companyId, companies.id), eq(memberships.accountId, accountId)))
      .where(live)
      .orderBy(asc(companies.name))
      .then((rows) => rows.map((row) => row.company));
  }

  async byId(id: number): Promise<CompanyRow | null> {
    const [row] = await this.database.system
      .select()
      .from(companies)
      .where(and(eq(companies.id, id), sql`${companies.deletedAt} is null`));
    return row ?? null;
  }
}
