import { sql } from 'drizzle-orm';
import { integer, pgTable, QueryBuilder, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { renderedOnce } from './rendered-once.ts';

const things = pgTable('things', { id: integer('id').primaryKey(), name: text('name'), kind: text('kind') });
const builder = new QueryBuilder();

const colour = sql`(case ${things.kind} when ${'chair'} then ${'#fff'} when ${'table'} then ${'#000'} else 'grey' end)`;
const count = sql`(select count(*) from things t2 where t2.kind = ${things.kind} and t2.id <> ${things.id})`;

describe('renderedOnce', () => {
  it('renders a query with the same text and parameters as the expression itself', () => {
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
    expect(rendered).toEqual(direct);
  });

  it('returns the same rendering for the same expression, and keeps one whose text holds a $n', () => {
    expect(renderedOnce(colour)).toBe(renderedOnce(colour));
    expect(renderedOnce(colour)).not.toBe(colour);
    const dollar = sql`(regexp_replace(${things.name}, '(a)', '$1') || ${'x'})`;
    expect(renderedOnce(dollar)).toBe(dollar);
  });
});
