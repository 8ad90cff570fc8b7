import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Beyond this many distinct statements a connection runs further ones unprepared (a cached
 * plan of a list query holds tens of kilobytes on the server, per connection).
 */
const MAX_PREPARED_PER_CONNECTION = 200;

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };
type QueryFn = (...args: unknown[]) => unknown;

/**
 * A search (`name ilike $1`) stays unnamed, so that PostgreSQL plans it for its term each time.
 * Prepared, it got a generic plan after five runs, which cannot know how many rows a term
 * matches: a term matching no item walked all of the million items' newest-first index (0.7 s,
 * seconds under load) where its own plan reads the trigram index (10 ms; decision 0031).
 */
const MATCHES_A_PATTERN = /\bilike\b/i;

/** Names by text, shared by the connections: the texts are few, hashing each run was not free. */
const names = new Map<string, string>();
const MAX_NAMES = 5_000;

function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `m${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size >= MAX_NAMES) names.clear();
    names.set(text, name);
  }
  return name;
}

/**
 * Makes every parameterised statement on this connection a named prepared statement, named by
 * its text: PostgreSQL then parses it once per connection and, after a few runs, reuses its
 * plan. The list queries take longer to plan (row-level security, correlated subqueries)
 * than to run (docs/decisions/0011). Statements that may hold several commands (a `;`:
 * migrations, function bodies) and parameterless commands (BEGIN, LISTEN) stay on the simple
 * protocol.
 */
export function prepareStatementsByText(client: pg.Client | pg.PoolClient): void {
  const known = new Set<string>();
  const query = client.query.bind(client) as QueryFn;
  const preparable = (text: unknown, values: unknown): text is string =>
    typeof text === 'string' &&
    !MATCHES_A_PATTERN.test(text) &&
    ((Array.isArray(values) && values.length > 0) || (!text.includes(';') && /^\s*(select|with)\s/i.test(text)));
  const nameFor = (text: string): string | undefined => {
    const name = statementName(text);
    if (known.has(name)) return name;
    if (known.size >= MAX_PREPARED_PER_CONNECTION) return undefined;
    known.add(name);
    return name;
  };
  (client as { query: QueryFn }).query = (...args: unknown[]) => {
    const [first, second] = args;
    // `query(text, values)` and `query({text, values?}, values?)` alike; a named config stays as it is.
    const config: QueryConfig | null =
      typeof first === 'string' ? { text: first } : first && typeof first === 'object' ? (first as QueryConfig) : null;
    if (config && !config.name && preparable(config.text, Array.isArray(second) ? second : config.values)) {
      const name = nameFor(config.text);
      if (name) return query({ ...config, name }, ...args.slice(1));
    }
    return query(...args);
  };
}
