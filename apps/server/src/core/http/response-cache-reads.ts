import type { Endpoint } from '@meshport/contract';
import { captureStatements } from '#core/db/statement-capture.ts';
import { HttpError } from './http-error.ts';
import { REQUEST_CONTEXT_TABLES } from './response-cache.ts';

/**
 * Database functions a cached read may call, with the tables they read (the statement's text
 * does not show them): each module declares its own at composition. A `meshport_` function not
 * declared fails the check.
 */
const FUNCTION_READS = new Map<string, readonly string[]>();

export function declareFunctionReads(reads: Readonly<Record<string, readonly string[]>>): void {
  for (const [name, tables] of Object.entries(reads)) FUNCTION_READS.set(name, tables);
}

const IDENT = `(?:"((?:[^"]|"")+)"|([a-z_][a-z0-9_$]*))`;
/** Schemas a table may be qualified with; any other `x.y` after FROM is a column (`extract(epoch from t.c)`). */
const SCHEMAS = new Set(['public', 'pgboss']);
/** Words after FROM/JOIN/UPDATE that are not tables (`do update set`, `for update skip locked`, `join lateral (`). */
const NOT_TABLES = new Set(['set', 'skip', 'nowait', 'of', 'lateral', 'select', 'only', 'rows', 'values']);
/** Words that end a table reference (an alias cannot be one of them). */
const CLAUSE_WORDS = new Set([
  'where',
  'join',
  'inner',
  'left',
  'right',
  'full',
  'cross',
  'natural',
  'on',
  'using',
  'order',
  'group',
  'having',
  'limit',
  'offset',
  'union',
  'except',
  'intersect',
  'window',
  'for',
  'returning',
  'set',
  'values',
  'select',
  'default',
  'tablesample',
]);

const identAt = (text: string, at: number) => {
  const match = new RegExp(`^\\s*${IDENT}`, 'y');
  const found = match.exec(text.slice(at));
  if (!found) return null;
  return { name: found[1]?.replace(/""/g, '"') ?? (found[2] as string), end: at + found[0].length };
};

/**
 * The tables a statement reads or writes, from its text: what follows FROM, JOIN, INTO and
 * UPDATE (quoted or bare, comma lists too), less the names of its WITH queries, columns and
 * catalogs, plus what the known functions read. Errs towards naming more: a name too many
 * fails a test, a name too few would let a cached answer go stale.
 */
export function tablesReadBy(statement: string): { tables: Set<string>; unknownFunctions: Set<string> } {
  const text = statement.replace(/'(?:[^']|'')*'/g, "''").replace(/--[^\n]*/g, ' ');
  const lower = text.replace(/"(?:[^"]|"")*"|[^"]+/g, (part) => (part.startsWith('"') ? part : part.toLowerCase()));
  const ctes = new Set<string>();
  const cte = new RegExp(
    `(?:\\bwith(?:\\s+recursive)?|,)\\s*${IDENT}\\s*(?:\\([^()]*\\))?\\s+as\\s+(?:not\\s+)?(?:materialized\\s+)?\\(`,
    'g',
  );
  for (const found of lower.matchAll(cte)) ctes.add(found[1] ?? (found[2] as string));
  const tables = new Set<string>();
  const keyword = /\b(from|join|into|update)\s+/g;
  for (const found of lower.matchAll(keyword)) {
    // `insert into t (columns)`: a parenthesis after the name is no function call there.
    const into = found[1] === 'into';
    let at = (found.index ?? 0) + found[0].length;
    for (;;) {
      const first = identAt(lower, at);
      if (!first || NOT_TABLES.has(first.name)) break;
      let name = first.name;
      let end = first.end;
      if (lower[end] === '.') {
        const second = SCHEMAS.has(name) ? identAt(lower, end + 1) : null;
        if (!second) break;
        name = name === 'public' ? second.name : `${name}.${second.name}`;
        end = second.end;
      } else if (!into && /^\s*\(/.test(lower.slice(end))) {
        break;
      }
      if (!ctes.has(name) && !name.startsWith('pg_') && name !== 'information_schema') tables.add(name);
      // An alias, then perhaps `, next_table`.
      const alias = identAt(lower, end);
      if (alias && alias.name === 'as') end = identAt(lower, alias.end)?.end ?? alias.end;
      else if (alias && !CLAUSE_WORDS.has(alias.name)) end = alias.end;
      const comma = /^\s*,/.exec(lower.slice(end));
      if (!comma) break;
      at = end + comma[0].length;
    }
  }
  const unknownFunctions = new Set<string>();
  for (const found of lower.matchAll(/\b(meshport_[a-z0-9_]+)\s*\(/g)) {
    const name = found[1] as string;
    const reads = FUNCTION_READS.get(name);
    if (reads) for (const table of reads) tables.add(table);
    else unknownFunctions.add(name);
  }
  return { tables, unknownFunctions };
}

/** What `statements` read beyond `declared` and the request context's tables. */
export function undeclaredReads(statements: readonly string[], declared: readonly string[]): string[] {
  const allowed = new Set([...declared, ...REQUEST_CONTEXT_TABLES]);
  const missing = new Set<string>();
  for (const statement of statements) {
    const { tables, unknownFunctions } = tablesReadBy(statement);
    for (const table of tables) if (!allowed.has(table)) missing.add(table);
    for (const name of unknownFunctions) missing.add(`${name}() (declare what it reads: declareFunctionReads)`);
  }
  return [...missing].sort();
}

/**
 * Runs a cached route's handler and fails the request when its statements read a table its
 * cache declaration leaves out: a write there would not make its answers stale. On in tests
 * (`validateAnswers`), so every API test of a cached route checks its declaration.
 */
export async function checkCacheReads<T>(
  endpoint: Endpoint,
  declared: readonly string[],
  handle: () => Promise<T>,
): Promise<T> {
  const { result, statements } = await captureStatements(handle);
  const missing = undeclaredReads(statements, declared);
  if (missing.length > 0) {
    throw new HttpError(
      500,
      `${endpoint.method} ${endpoint.path} read ${missing.join(', ')}, which its cache declaration leaves out (docs/decisions/0021).`,
    );
  }
  return result;
}
