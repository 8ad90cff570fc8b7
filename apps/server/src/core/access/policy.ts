import { hasPermission, type PermissionExpression } from '@meshport/contract';
import { type Column, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { forbidden } from '#core/http/http-error.ts';
import type { Actor } from '#core/http/request-context.ts';
import type { PermissionAccess } from '#core/http/route.ts';

/** Who a policy judges: the account, whether a platform admin, and what the membership grants. */
export interface PolicyActor {
  accountId: number;
  admin: boolean;
  abilities: readonly string[];
}

export function policyActor(actor: Actor): PolicyActor {
  return { accountId: actor.accountId, admin: actor.admin, abilities: actor.membership?.abilities ?? [] };
}

/**
 * What an action needs besides its permission: a rule over the record's state (content.md §4:
 * nothing connected to a model is deleted), and the same rule per row in SQL. Services run
 * `allows` on the state they read before acting; lists select `sql` as a derived field
 * (`deletable`). The policy-twins test holds the two equal over the demo data.
 */
export interface RecordRule<State> {
  allows: (state: State) => boolean;
  /** A boolean over one row of the policy's table, as `from <table>` names it. */
  sql: SQL<boolean>;
}

/** Who may do what: each action's permission, and the record rules some actions add. */
export interface PolicyDeclaration<Action extends string, State> {
  /** The resource, for messages (`projects`). */
  resource: string;
  /** What each action needs (platform administrators hold every permission). */
  permissions: Record<Action, PermissionExpression>;
  /** Actions that answer 404 to whoever may not do `without`: for them the record is not there. */
  hidden?: { actions: readonly NoInfer<Action>[]; without: NoInfer<Action> };
  /** Actions refused on other platforms than hatch and without the hatch licence. */
  hatchOnly?: readonly NoInfer<Action>[];
  /** The table whose rows the record rules judge, with each state field per row in SQL. */
  records?: { table: PgTable & { id: Column }; state: { [K in keyof State]: SQL<State[K]> } };
  recordRules?: Partial<Record<NoInfer<Action>, RecordRule<State>>>;
}

export interface Policy<Action extends string, State> extends PolicyDeclaration<Action, State> {
  /** The route `access` of an action: its permission (and hatch only when declared). */
  access(action: Action): PermissionAccess;
  /** Route `access` for an endpoint that does one of several actions (a bulk action). */
  accessAny(...actions: Action[]): PermissionAccess;
  /** Whether the actor holds the action's permission. */
  permits(actor: PolicyActor, action: Action): boolean;
  /**
   * 403 unless the actor holds the action's permission: for an endpoint whose body names the
   * action (a bulk action), after its route let in whoever holds one of them (`accessAny`).
   */
  assertPermits(actor: Actor, action: Action): void;
  /** Whether the record's state allows the action (true for an action without a record rule). */
  allows(action: Action, state: State): boolean;
  /** The action's record rule per row in SQL (true for an action without one). */
  rowAllows(action: Action): SQL<boolean>;
  /** The state fields as select columns (`… as "connectedModels"`), for services that read a record. */
  stateColumns(): SQL;
}

function routeAccess(needed: PermissionExpression[], hatchOnly: boolean, hiddenWithout?: PermissionExpression) {
  const permission = [...new Set(needed)].join('|') as PermissionExpression;
  const access: PermissionAccess = { permission };
  if (hiddenWithout && hiddenWithout !== permission) access.hiddenWithout = hiddenWithout;
  if (hatchOnly) access.hatchOnly = true;
  return access;
}

/**
 * One policy per resource: its routes take `access` from it, its services `allows`, its lists
 * `rowAllows`, so that each rule is written once.
 */
export function definePolicy<Action extends string, State = Record<string, never>>(
  declaration: PolicyDeclaration<Action, State>,
): Policy<Action, State> {
  const hatchOnly = new Set<Action>(declaration.hatchOnly ?? []);
  const { hidden } = declaration;
  const accessOf = (actions: Action[]) =>
    routeAccess(
      actions.map((action) => declaration.permissions[action]),
      actions.every((action) => hatchOnly.has(action)),
      hidden && actions.every((action) => hidden.actions.includes(action))
        ? declaration.permissions[hidden.without]
        : undefined,
    );
  return {
    ...declaration,
    access: (action) => accessOf([action]),
    accessAny: (...actions) => accessOf(actions),
    permits: (actor, action) =>
      hasPermission({ admin: actor.admin, abilities: actor.abilities }, declaration.permissions[action]),
    assertPermits(actor, action) {
      if (!this.permits(policyActor(actor), action)) throw forbidden();
    },
    allows: (action, state) => declaration.recordRules?.[action]?.allows(state) ?? true,
    rowAllows: (action) => declaration.recordRules?.[action]?.sql ?? sql<boolean>`true`,
    stateColumns: () => {
      const state: Record<string, SQL> = declaration.records?.state ?? {};
      const columns = Object.entries(state).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`);
      return columns.length > 0 ? sql.join(columns, sql`, `) : sql`null as "noState"`;
    },
  };
}

/** "May this actor do this to a record in this state?": the permission and the record rule. */
export function can<Action extends string, State>(
  policy: Policy<Action, State>,
  actor: PolicyActor,
  action: Action,
  state: State,
): boolean {
  return policy.permits(actor, action) && policy.allows(action, state);
}
