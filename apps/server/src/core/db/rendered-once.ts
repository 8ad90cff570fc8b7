import { Param, SQL, StringChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();
const rendered = new WeakMap<SQL, SQL>();
const PARAM = /\$(\d+)/g;

/**
 * A parameter's value as the untyped literal node-postgres would send it (every parameter goes
 * with type 0, "unknown": PostgreSQL infers its type from where it stands, as it does for a
 * quoted literal), or null for a value to keep as a parameter (null, dates, objects, and text
 * with a backslash or NUL, whose quoting would depend on the server's settings).
 */
function asLiteral(value: unknown): string | null {
  if (typeof value === 'string') return /[\\\0]/.test(value) ? null : `'${value.replaceAll("'", "''")}'`;
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return `'${String(value)}'`;
  return null;
}

/**
 * A constant SQL expression (a list field, a sort) as its rendered text, with its constants
 * written into the text as untyped literals (what the untyped parameters they were meant):
 * what Drizzle then walks per request is one chunk, not the expression's tree. Building the
 * SQL of a list call walked every field's tree (correlated subqueries, case lists, policies)
 * chunk by chunk: Drizzle took about a tenth of an HTTP worker's time under the mixed load
 * (decision 0049); then each field's parameters one by one, 28 for an items page (0052).
 * Remembered per expression object: only for expressions built once, at start. An expression
 * whose text holds a `$n` of its own is left as it is.
 */
export function renderedOnce(expression: SQL): SQL {
  const known = rendered.get(expression);
  if (known) return known;
  const { sql: text, params } = dialect.sqlToQuery(expression);
  const parts = text.split(PARAM);
  // split() with one capture group: text, number, text, number, …, text.
  const numbers = parts.filter((_, i) => i % 2 === 1).map(Number);
  const inOrder = numbers.length === params.length && numbers.every((n, i) => n === i + 1);
  const flat = inOrder ? new SQL(inlined(parts, params)) : expression;
  rendered.set(expression, flat);
  return flat;
}

/** Text, number, text, …: the literals joined into the text around them, other values as parameters. */
function inlined(parts: string[], params: unknown[]): (StringChunk | Param)[] {
  const chunks: (StringChunk | Param)[] = [];
  let text = '';
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      text += part;
      return;
    }
    const value = params[(i - 1) / 2];
    const literal = asLiteral(value);
    if (literal !== null) {
      text += literal;
      return;
    }
    chunks.push(new StringChunk(text), new Param(value));
    text = '';
  });
  chunks.push(new StringChunk(text));
  return chunks;
}
