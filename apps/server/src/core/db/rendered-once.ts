import { Param, SQL, StringChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();
const rendered = new WeakMap<SQL, SQL>();
const PARAM = /\$(\d+)/g;

/**
 * A constant SQL expression (a list field, a sort) as its rendered text, with its parameters
 * in place: what Drizzle then walks per request is a few chunks, not the expression's tree.
 * Building the SQL of a list call walked every field's tree (correlated subqueries, case
 * lists, policies) chunk by chunk: Drizzle took about a tenth of an HTTP worker's time under
 * the mixed load (decision 0049). Remembered per expression object: only for expressions built once, at
 * start. An expression whose text holds a `$n` of its own is left as it is.
 */
export function renderedOnce(expression: SQL): SQL {
  const known = rendered.get(expression);
  if (known) return known;
  const { sql: text, params } = dialect.sqlToQuery(expression);
  const parts = text.split(PARAM);
  // split() with one capture group: text, number, text, number, …, text.
  const numbers = parts.filter((_, i) => i % 2 === 1).map(Number);
  const inOrder = numbers.length === params.length && numbers.every((n, i) => n === i + 1);
  const flat = inOrder
    ? new SQL(parts.map((part, i) => (i % 2 === 0 ? new StringChunk(part) : new Param(params[(i - 1) / 2]))))
    : expression;
  rendered.set(expression, flat);
  return flat;
}
