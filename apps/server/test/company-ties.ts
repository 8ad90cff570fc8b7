/**
 * Whether a statement keeps its tenant tables together the way Citus needs once they are
 * distributed by `company_id` (docs/scale.md, "The read check"), read from its plan:
 * `EXPLAIN (VERBOSE, FORMAT JSON)` taken without row-level security, so that only what the
 * statement itself says counts (Citus cannot route by a policy's `current_setting(…)`).
 *
 * The rule: within one query block, the `company_id` of every tenant table read is tied to the
 * others by equalities, `a.company_id = b.company_id` or `a.company_id = <the same value>`. That
 * is a co-located join (any number of shards) or a router query (one shard). A block is the
 * statement, or a part Citus plans on its own: a CTE or uncorrelated subquery the planner keeps
 * apart (InitPlan, uncorrelated SubPlan), a branch of UNION ALL. A correlated subquery belongs to
 * the block it is correlated with: Citus supports the correlation only on the distribution column.
 * The target of an INSERT is left out (its company comes from the values or the SELECT).
 */

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  'Parent Relationship'?: string;
  'Subplan Name'?: string;
  Operation?: string;
  Output?: string[];
  Plans?: PlanNode[];
  [key: string]: unknown;
}

/** Where EXPLAIN VERBOSE prints the conditions of a node. */
const CONDITIONS = [
  'Index Cond',
  'Recheck Cond',
  'Filter',
  'Join Filter',
  'Hash Cond',
  'Merge Cond',
  'One-Time Filter',
  'TID Cond',
];

const IDENT = '[A-Za-z_][\\w$]*';
/** A company_id of an alias, a literal (`3`, `'3'::integer`) or a parameter (`$1`). */
const TERM = `(?:${IDENT}\\.company_id|'[^']*'(?:::[a-z ]+)?|-?\\d+|\\$\\d+)`;
const EQUALITY = new RegExp(`(${TERM}) = (${TERM})`, 'g');
const ALIAS_REFERENCE = new RegExp(`\\b(${IDENT})\\.`, 'g');
const HASHED_COMPARISON = new RegExp(`(${TERM}) = \\(hashed SubPlan (\\d+)\\)\\.col(\\d+)`, 'g');

/** `3`, `'3'::integer` and `'3'` are one value; a column stays as it is. */
function termKey(term: string): string {
  if (term.endsWith('.company_id')) return term;
  return `value ${term.replace(/::[a-z ]+$/, '').replace(/^'|'$/g, '')}`;
}

class Ties {
  private readonly parent = new Map<string, string>();
  find(key: string): string {
    let root = key;
    for (let up = this.parent.get(root); up !== undefined && up !== root; up = this.parent.get(root)) root = up;
    this.parent.set(key, root);
    return root;
  }
  join(a: string, b: string): void {
    this.parent.set(this.find(a), this.find(b));
  }
}

function conditionsOf(node: PlanNode): string[] {
  return CONDITIONS.map((key) => node[key]).filter((value): value is string => typeof value === 'string');
}

function walk(node: PlanNode, visit: (node: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/** The aliases a subtree scans. */
function scannedAliases(node: PlanNode): Set<string> {
  const aliases = new Set<string>();
  walk(node, (n) => {
    if (n.Alias) aliases.add(n.Alias);
  });
  return aliases;
}

/** A subquery that reads nothing of the rows around it: Citus plans it on its own. */
function uncorrelated(node: PlanNode): boolean {
  const own = scannedAliases(node);
  let outer = false;
  walk(node, (n) => {
    for (const text of [...conditionsOf(n), ...(n.Output ?? [])]) {
      const code = text.replace(/'(?:[^']|'')*'/g, "''");
      for (const match of code.matchAll(ALIAS_REFERENCE)) if (!own.has(match[1] as string)) outer = true;
    }
  });
  return !outer;
}

/**
 * The subqueries tested by hashing (`x IN (…)`, or a correlated EXISTS the planner turned into
 * one), by number, and the columns each is compared with where EXPLAIN prints the comparison
 * (`(ANY (a.id = (hashed SubPlan 2).col1))`: PostgreSQL 18, inside PGlite; 15 prints `(hashed SubPlan 2)` only).
 */
function hashedSubplans(root: PlanNode) {
  const hashed = new Set<string>();
  const printed = new Set<string>();
  const compared: { term: string; subplan: string; column: number }[] = [];
  walk(root, (node) => {
    for (const text of [...conditionsOf(node), ...(node.Output ?? [])]) {
      for (const match of text.matchAll(/hashed SubPlan (\d+)/g)) hashed.add(match[1] as string);
      for (const match of text.matchAll(/\(hashed SubPlan (\d+)\)\.col/g)) printed.add(match[1] as string);
      for (const match of text.matchAll(HASHED_COMPARISON)) {
        compared.push({ term: match[1] as string, subplan: match[2] as string, column: Number(match[3]) });
      }
    }
  });
  return { hashed, printed, compared };
}

type Hashed = ReturnType<typeof hashedSubplans>;

const subplanNumber = (node: PlanNode) => /^SubPlan (\d+)$/.exec(node['Subplan Name'] ?? '')?.[1];

function startsBlock(node: PlanNode, parent: PlanNode | null, hashed: Hashed): boolean {
  if (!parent) return true;
  if (node['Parent Relationship'] === 'InitPlan') return true;
  const number = subplanNumber(node);
  if (node['Parent Relationship'] === 'SubPlan' && number && hashed.hashed.has(number)) {
    // A hashed test is a semi-join on its key: it belongs to the query it tests. Where the key is
    // not printed, a key holding company_id is taken as tied (the PGlite run checks it).
    return !hashed.printed.has(number) && (node.Output ?? []).some((column) => column.endsWith('.company_id'));
  }
  if (node['Parent Relationship'] === 'SubPlan') return uncorrelated(node);
  return (
    node['Parent Relationship'] === 'Member' &&
    (parent['Node Type'] === 'Append' || parent['Node Type'] === 'Merge Append')
  );
}

interface Scanned {
  table: string;
  /** The correlated subqueries it is read in, innermost last. */
  within: PlanNode[];
}

const shown = (alias: string, table: string) => (table === alias ? table : `${table} ${alias}`);

/**
 * What breaks the rule in a plan, one line per block: tenant tables in groups that nothing ties
 * together, or a correlated subquery whose tenant tables are tied neither to the query around it
 * nor to a value (its correlation is on another column).
 */
export function untiedBlocks(root: PlanNode, tenantTables: ReadonlySet<string>): string[] {
  const ties = new Ties();
  walk(root, (node) => {
    for (const text of conditionsOf(node)) {
      for (const match of text.matchAll(EQUALITY)) ties.join(termKey(match[1] as string), termKey(match[2] as string));
    }
    // A subquery's columns are its child's, in order.
    const child = node.Plans?.[0];
    if (node['Node Type'] === 'Subquery Scan' && node.Output && child?.Output) {
      node.Output.forEach((column, i) => {
        const inner = child.Output?.[i];
        if (column.endsWith('.company_id') && inner && new RegExp(`^${TERM}$`).test(inner)) {
          ties.join(termKey(column), termKey(inner));
        }
      });
    }
  });

  const hashed = hashedSubplans(root);
  const subplans = new Map<string, PlanNode>();
  walk(root, (node) => {
    const number = subplanNumber(node);
    if (number) subplans.set(number, node);
  });
  for (const { term, subplan, column } of hashed.compared) {
    const inner = subplans.get(subplan)?.Output?.[column - 1];
    if (inner && new RegExp(`^${TERM}$`).test(inner)) ties.join(termKey(term), termKey(inner));
  }

  const blocks: Map<string, Scanned>[] = [];
  const collect = (node: PlanNode, parent: PlanNode | null, block: Map<string, Scanned>, within: PlanNode[]) => {
    let own = block;
    let nested = within;
    if (startsBlock(node, parent, hashed)) {
      own = new Map();
      nested = [];
      blocks.push(own);
    } else if (node['Parent Relationship'] === 'SubPlan') {
      nested = [...within, node];
    }
    const table = node['Relation Name'];
    const insertTarget = node['Node Type'] === 'ModifyTable' && node.Operation === 'Insert';
    if (table && node.Alias && tenantTables.has(table) && !insertTarget) own.set(node.Alias, { table, within: nested });
    for (const child of node.Plans ?? []) collect(child, node, own, nested);
  };
  collect(root, null, new Map(), []);

  const problems: string[] = [];
  for (const tables of blocks) {
    const groups = new Map<string, string[]>();
    for (const [alias, { table }] of tables) {
      const key = ties.find(`${alias}.company_id`);
      groups.set(key, [...(groups.get(key) ?? []), shown(alias, table)]);
    }
    if (groups.size > 1) {
      problems.push(
        `${[...groups.values()].map((group) => `{${group.join(', ')}}`).join(' / ')} not tied by company_id`,
      );
    }
    for (const [alias, { table, within }] of tables) {
      const subquery = within.at(-1);
      if (!subquery) continue;
      const inside = scannedAliases(subquery);
      const key = ties.find(`${alias}.company_id`);
      const tiedOut =
        [...tables.keys()].some((other) => !inside.has(other) && ties.find(`${other}.company_id`) === key) ||
        [...valueKeys(root)].some((value) => ties.find(value) === key);
      if (!tiedOut) problems.push(`${shown(alias, table)} in a subquery correlated by another column than company_id`);
    }
  }
  return problems;
}

/** The literal and parameter terms the plan's equalities name. */
function valueKeys(root: PlanNode): Set<string> {
  const keys = new Set<string>();
  walk(root, (node) => {
    for (const text of conditionsOf(node)) {
      for (const match of text.matchAll(EQUALITY)) {
        for (const term of [match[1], match[2]] as string[]) if (!term.endsWith('.company_id')) keys.add(termKey(term));
      }
    }
  });
  return keys;
}
