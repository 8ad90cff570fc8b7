import type { Licence } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '#core/db/database.ts';
import type { TestApp } from './test-app.ts';

/** A member of acme made by a test: its account, its own role, and a signed-in token. */
export interface InsiderMember {
  username: string;
  accountId: number;
  roleId: number;
  token: string;
}

/**
 * For each entry, a member of `company` whose own role holds exactly those abilities, with
 * `licences` (seats are not counted: the rows are written straight), signed in once. The demo
 * password is copied from the viewer's account.
 */
export async function insiderMembers(
  t: TestApp,
  members: Record<string, readonly string[]>,
  options: { company?: string; licences?: readonly Licence[] } = {},
): Promise<Record<string, InsiderMember>> {
  const company = options.company ?? 'acme';
  const licences = options.licences ?? ['design_and_sales', 'hatch'];
  const made: Record<string, InsiderMember> = {};
  for (const [name, abilities] of Object.entries(members)) {
    const username = `insider-${company}-${name}`;
    const [row] = await queryRows<{ account_id: number; role_id: number }>(
      t.database.system,
      sql`with c as (select id from companies where sub_domain = ${company}),
        r as (insert into roles (company_id, title) select id, ${`Only ${name}`} from c returning company_id, id),
        ra as (insert into role_abilities (company_id, role_id, ability_key)
          select r.company_id, r.id, k from r, unnest(${`{${abilities.join(',')}}`}::text[]) k),
        a as (insert into accounts (name, username, email, password_hash)
          select ${`Insider ${name}`}, ${username}, ${`${username}@example.test`}, password_hash
          from accounts where username = 'viewer' returning id),
        m as (insert into memberships (company_id, account_id, role_id) select r.company_id, a.id, r.id from r, a
          returning company_id, account_id),
        l as (insert into membership_licences (company_id, account_id, licence_key)
          select m.company_id, m.account_id, k from m, unnest(${`{${licences.join(',')}}`}::text[]) k)
        select a.id as account_id, r.id as role_id from a, r`,
    );
    if (!row) throw new Error(`insider ${name} not made`);
    made[name] = { username, accountId: row.account_id, roleId: row.role_id, token: await t.login(username) };
  }
  return made;
}
