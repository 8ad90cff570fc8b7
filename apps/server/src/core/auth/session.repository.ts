import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Database, queryRows } from '#core/db/database.ts';
import { accounts } from './account.table.ts';
import { sessions } from './session.table.ts';

export interface SessionLookup {
  sessionId: number;
  remember: boolean;
  lastSeenAt: Date;
  expiresAt: Date | null;
  accountId: number;
  name: string;
  username: string;
  email: string;
  admin: boolean;
  profileImagePath: string | null;
  member: boolean;
  abilities: string[];
  licences: string[];
}

interface LookupRow extends Record<string, unknown> {
  session_id: number;
  remember: boolean;
  last_seen_at: string | Date;
  expires_at: string | Date | null;
  account_id: number;
  name: string;
  username: string;
  email: string;
  is_admin: boolean;
  profile_image_path: string | null;
  member: boolean;
  abilities: string[] | null;
  licences: string[] | null;
}

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * Sessions belong to accounts, which are not tenant rows, so this reads on the explicit
 * cross-tenant path: one round trip gives the session, the account and what the membership
 * in the requested company grants.
 */
export class SessionRepository {
  constructor(private readonly database: Database) {}

  async create(values: typeof sessions.$inferInsert): Promise<number> {
    const [row] = await this.database.system.insert(sessions).values(values).returning({ id: sessions.id });
    if (!row) throw new Error('session insert returned nothing');
    return row.id;
  }

  async findByTokenHash(tokenHash: string, companyId: number | null): Promise<SessionLookup | null> {
    const rows = await queryRows<LookupRow>(
      this.database.system,
      sql`
      select s.id as session_id, s.remember, s.last_seen_at, s.expires_at,
             a.id as account_id, a.name, a.username, a.email, a.is_admin, a.profile_image_path,
             (m.account_id is not null) as member,
             (select array_agg(ra.ability_key order by ra.ability_key) from role_abilities ra
               where ra.company_id = m.company_id and ra.role_id = m.role_id) as abilities,
             (select array_agg(ml.licence_key order by ml.licence_key) from membership_licences ml
               where ml.company_id = m.company_id and ml.account_id = m.account_id) as licences
      from sessions s
      join accounts a on a.id = s.account_id
      left join memberships m on m.account_id = a.id and m.company_id = ${companyId}
      where s.token_hash = ${tokenHash} and s.revoked_at is null
      limit 1`,
    );
    const row = rows[0];
    if (!row) return null;
    return {
      sessionId: row.session_id,
      remember: row.remember,
      lastSeenAt: toDate(row.last_seen_at),
      expiresAt: row.expires_at === null ? null : toDate(row.expires_at),
      accountId: row.account_id,
      name: row.name,
      username: row.username,
      email: row.email,
      admin: row.is_admin,
      profileImagePath: row.profile_image_path,
      member: row.member,
      abilities: row.abilities ?? [],
      licences: row.licences ?? [],
    };
  }

  async touch(sessionId: number): Promise<void> {
    await this.database.system.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
  }

  /** The session's account, or null when it was already revoked. */
  async revoke(sessionId: number): Promise<number | null> {
    const [row] = await this.database.system
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .returning({ accountId: sessions.accountId });
    return row?.accountId ?? null;
  }

  async revokeAllOf(accountId: number): Promise<number> {
    const rows = await this.database.system
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length;
  }

  async findAccountByIdentity(identity: string) {
    const lowered = identity.toLowerCase();
    const [row] = await this.database.system
      .select()
      .from(accounts)
      .where(sql`lower(${accounts.username}) = ${lowered} or lower(${accounts.email}) = ${lowered}`)
      .limit(1);
    return row ?? null;
  }

  async isMember(accountId: number, companyId: number): Promise<boolean> {
    const rows = await queryRows(
      this.database.system,
      sql`select 1 from memberships where company_id = ${companyId} and account_id = ${accountId}`,
    );
    return rows.length > 0;
  }
}
