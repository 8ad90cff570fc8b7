import { sql } from 'drizzle-orm';
import { integer, pgTable, QueryBuilder, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { renderedOnce } from './rendered-once.ts';

const things = pgTable('things', { id: integer('id').primaryKey(), name: text('name'), kind: text('kind') });
const builder = new QueryBuilder();

const colour = sql`(case ${things.kind} when ${'chair'} then ${'#fff'} when ${'table'} then ${'#000'} else 'grey' end)`;
const count = sql`(select count(*) from things t2 where t2.kind = ${things.kind} and t2.id <> ${things.id})`;

describe('renderedOnce', () => {
  it('renders a query with the same meaning: constants as untyped literals, other values as parameters', () => {
    const query = (expr: (e: typeof colour) => typeof colour) =>
      builder
        .select({ id: things.id, colour: sql`${expr(colour)}`, count: sql`${expr(count)}` })
        .from(things)
        .where(sql`${things.name} ilike ${'%oak%'}`)
        .orderBy(sql`${expr(colour)} desc`)
        .toSQL();
    const direct = query((e) => e);
    const rendered = query(renderedOnce);
    expect(direct.params).toEqual(['chair', '#fff', 'table', '#000', '%oak%', 'chair', '#fff', 'table', '#000']);
    // What PostgreSQL gets is the direct text with each field's constant in its parameter's place.
    const search = direct.params.indexOf('%oak%') + 1;
    const expected = direct.sql.replace(/\$(\d+)/g, (_, n: string) =>
      Number(n) === search ? '$1' : `'${String(direct.params[Number(n) - 1])}'`,
    );
    expect(rendered).toEqual({ sql: expected, params: ['%oak%'] });
  });

  it('quotes a constant’s quotes, and keeps a null, a date or a backslash as a parameter', () => {
    const at = new Date('2026-01-02T03:04:05Z');
    const odd = sql`(case when ${things.name} = ${"O'Brien"} then ${3} when ${things.kind} = ${null} then ${at} else ${'a\\b'} end)`;
    const { sql: text, params } = new QueryBuilder()
      .select({ odd: renderedOnce(odd) })
      .from(things)
      .toSQL();
    expect(text).toContain(`= 'O''Brien' then '3' when "things"."kind" = $1 then $2 else $3 end`);
    expect(params).toEqual([null, at, 'a\\b']);
  });

  it('returns the same rendering for the same expression, and keeps one whose text holds a $n', () => {
    expect(renderedOnce(colour)).toBe(renderedOnce(colour));
    expect(renderedOnce(colour)).not.toBe(colour);
    const dollar = sql`(regexp_replace(${things.name}, '(a)', '$1') || ${'x'})`;
    expect(renderedOnce(dollar)).toBe(dollar);
  });
});
