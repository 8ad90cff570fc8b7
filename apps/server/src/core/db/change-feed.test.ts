import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseKind, describeEachDatabase, freshDatabase } from '#test/test-app.ts';
import { type Change, ChangeFeed, changeTouches, parseChange } from './change-feed.ts';
import { type Database, queryRows } from './database.ts';

describeEachDatabase('change feed', (kind: DatabaseKind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let feed: ChangeFeed;
  let acmeId: number;
  const seen: Change[] = [];
  beforeAll(async () => {
    ({ database, drop } = await freshDatabase(kind, 'demo'));
    feed = new ChangeFeed(database);
    feed.subscribe((change) => seen.push(change));
    await feed.start();
    const [acme] = await queryRows<{ id: number }>(
      database.system,
      sql`select id from companies where sub_domain = 'acme'`,
    );
    acmeId = acme?.id ?? 0;
  });
  afterAll(async () => {
    await feed.close();
    await drop();
  });

  /** What the feed delivers for the writes of `work`, once they have all arrived. */
  async function changesOf(work: () => Promise<unknown>): Promise<Change[]> {
    await feed.sync();
    seen.length = 0;
    await work();
    await feed.sync();
    return [...seen];
  }

  it('is live once started', () => {
    expect(feed.live).toBe(true);
  });

  it('names the company and each table of a write in a tenant transaction, once per transaction', async () => {
    const changes = await changesOf(() =>
      database.tenant({ companyId: acmeId }, async (tx) => {
        await tx.execute(sql`update labels set color = color`);
        await tx.execute(sql`update projects set name = name`);
        await tx.execute(sql`update labels set name = name where false`);
      }),
    );
    expect(changes).toEqual([
      { kind: 'company', companyId: acmeId, table: 'labels' },
      { kind: 'company', companyId: acmeId, table: 'projects' },
    ]);
  });

  it('names the table of a write on the system path, in any company, and nothing after a read', async () => {
    expect(await changesOf(() => database.system.execute(sql`update labels set color = color`))).toEqual([
      { kind: 'all', table: 'labels' },
    ]);
    expect(await changesOf(() => database.system.execute(sql`select count(*) from labels`))).toEqual([]);
    expect(
      await changesOf(() =>
        database
          .tenant({ companyId: acmeId }, (tx) =>
            tx.execute(sql`update labels set color = color`).then(() => {
              throw new Error('rolled back');
            }),
          )
          .catch(() => {}),
      ),
    ).toEqual([]);
  });

  it('says nothing of the job queue’s tables', async () => {
    const [queue] = await queryRows<{ n: number }>(
      database.system,
      sql`select count(*)::int as n from pg_namespace where nspname = 'pgboss'`,
    );
    if (!queue?.n) await database.system.execute(sql`create schema pgboss`);
    await database.system.execute(sql`create table if not exists pgboss.feed_test (id int)`);
    await database.system.execute(sql`select meshport_watch_tables()`);
    expect(await changesOf(() => database.system.execute(sql`insert into pgboss.feed_test values (1)`))).toEqual([]);
    await database.system.execute(sql`drop table pgboss.feed_test`);
  });

  it('tells of a session revoked or deleted, not of one touched', async () => {
    const touch = () => database.system.execute(sql`update sessions set last_seen_at = now() + interval '1 second'`);
    const session = async () => {
      const [row] = await queryRows<{ id: number }>(
        database.system,
        sql`insert into sessions (account_id, token_hash, remember)
            select id, md5(random()::text), false from accounts limit 1 returning id`,
      );
      return row?.id ?? 0;
    };
    const accountOf = async (sessionId: number) =>
      (
        await queryRows<{ account_id: number }>(
          database.system,
          sql`select account_id from sessions where id = ${sessionId}`,
        )
      )[0]?.account_id;
    const id = await session();
    expect(await changesOf(touch)).toEqual([]);
    expect(
      await changesOf(() => database.system.execute(sql`update sessions set revoked_at = now() where id = ${id}`)),
    ).toEqual([{ kind: 'sessions', accountId: await accountOf(id) }]);
    const other = await session();
    expect(await changesOf(() => database.system.execute(sql`delete from sessions where id = ${other}`))).toEqual([
      { kind: 'sessions' },
    ]);
  });

  it('watches every table an answer may be built from, including ones added later', async () => {
    const unwatched = async () =>
      (
        await queryRows<{ relname: string }>(
          database.system,
          sql`select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where n.nspname = 'public' and c.relkind = 'r'
                and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'meshport_changed')
              order by 1`,
        )
      ).map((row) => row.relname);
    expect(await unwatched()).toEqual([
      'autodesk_oauth_states',
      'login_failures',
      'password_reset_tokens',
      'sessions',
      'socket_io_attachments',
    ]);
    await database.system.execute(sql`create table feed_test_added (id serial primary key)`);
    expect(await unwatched()).toContain('feed_test_added');
    await database.system.execute(sql`select meshport_watch_tables()`);
    expect(await unwatched()).not.toContain('feed_test_added');
    await database.system.execute(sql`drop table feed_test_added`);
  });
});

describe('change feed payloads', () => {
  it('reads a company or any company, with or without a table', () => {
    expect(parseChange('12:geometry_events')).toEqual({ kind: 'company', companyId: 12, table: 'geometry_events' });
    expect(parseChange('*:labels')).toEqual({ kind: 'all', table: 'labels' });
    expect(parseChange('12')).toEqual({ kind: 'company', companyId: 12 });
    expect(parseChange('*')).toEqual({ kind: 'all' });
    expect(parseChange('sessions')).toEqual({ kind: 'sessions' });
    expect(parseChange('sessions:42')).toEqual({ kind: 'sessions', accountId: 42 });
    for (const payload of ['', 'sync:ab12:3', '12:', '12:Labels; drop', 'x:labels', 'sessions:', 'sessions:x'])
      expect(parseChange(payload)).toBeNull();
  });

  it('says whether a change may have touched some tables', () => {
    const tables = new Set(['labels']);
    expect(changeTouches({ kind: 'company', companyId: 1, table: 'labels' }, tables)).toBe(true);
    expect(changeTouches({ kind: 'company', companyId: 1, table: 'projects' }, tables)).toBe(false);
    expect(changeTouches({ kind: 'company', companyId: 1 }, tables)).toBe(true);
    expect(changeTouches({ kind: 'all' }, tables)).toBe(true);
    expect(changeTouches({ kind: 'sessions' }, tables)).toBe(false);
  });
});
