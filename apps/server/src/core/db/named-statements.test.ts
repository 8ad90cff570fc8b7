import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareStatementsByText } from './named-statements.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('statements prepared by their text (PostgreSQL)', () => {
  let client: pg.Client;
  const prepared = async () =>
    (
      await client.query<{ statement: string }>({
        text: 'select statement from pg_prepared_statements',
        name: undefined,
      })
    ).rows
      .map((row) => row.statement)
      .filter((text) => !text.includes('pg_prepared_statements'));

  beforeAll(async () => {
    client = new pg.Client({ connectionString: url });
    await client.connect();
    prepareStatementsByText(client);
  });
  afterAll(() => client.end());

  it('prepares a parameterised statement once and reuses it with other values', async () => {
    const text = 'select $1::int + 1 as next';
    expect((await client.query(text, [1])).rows[0]).toEqual({ next: 2 });
    expect((await client.query({ text, values: [41] })).rows[0]).toEqual({ next: 42 });
    expect((await prepared()).filter((s) => s === text)).toHaveLength(1);
  });

  it('prepares a parameterless select but leaves commands and multi-statement text alone', async () => {
    await client.query('select 7 as seven');
    await client.query('begin');
    await client.query('select 1; select 2');
    await client.query('commit');
    const statements = await prepared();
    expect(statements).toContain('select 7 as seven');
    expect(statements).not.toContain('begin');
    expect(statements.some((s) => s.includes('select 2'))).toBe(false);
  });

  it('leaves a search unnamed, planned for its term each time (a generic plan cannot know how many rows a term matches)', async () => {
    const text = "select count(*)::int as n from (values ('Oak chair'), ('Steel desk')) t(name) where name ilike $1";
    for (const term of ['%oak%', '%steel%', '%oak%', '%desk%', '%a%', '%nothing%']) await client.query(text, [term]);
    expect((await client.query(text, ['%chair%'])).rows[0]).toEqual({ n: 1 });
    expect((await prepared()).filter((s) => s === text)).toHaveLength(0);
  });
});
