import { hasPermission, type PermissionExpression } from '@meshport/contract';
import { forbidden, notFound } from '#core/http/http-error.ts';
import type { Actor } from '#core/http/request-context.ts';

/** Who a policy judges: the account, whether a platform admin, and what the membership grants. */
export interface PolicyActor {
  accountId: number;
  admin: boolean;
  abilities: readonly string[];
}

export function policyActor(actor: Actor): PolicyActor {
  return { accountId: actor.accountId, admin: actor.admin, abilities: actor.membership?.abilities ?? [] };
}

/** "May this actor do this to this record?" One rule per action. */
export type PolicyRule<R> = (actor: PolicyActor, record: R) => boolean;

export interface Policy<Action extends string, R> {
  /** The resource, for messages (`projects`). */
  resource: string;
  rules: Record<Action, PolicyRule<R>>;
  /** The action whose refusal means the record is not there for this actor (404, not 403). */
  viewAction?: Action;
}

/**
 * One policy per resource (`can(actor, action, record)`), used by handlers and by derived fields
 * such as `deletable`.
 */
export function definePolicy<Action extends string, R>(policy: Policy<Action, R>): Policy<Action, R> {
  return policy;
}

/** A permission rule: the actor holds the expression (admins hold every one). */
export function holds(expression: PermissionExpression): PolicyRule<unknown> {
  return (actor) => hasPermission({ admin: actor.admin, abilities: [...actor.abilities] }, expression);
}

export function can<Action extends string, R>(
  policy: Policy<Action, R>,
  actor: PolicyActor,
  action: Action,
  record: R,
): boolean {
  return policy.rules[action](actor, record);
}

/** Throws 404 when the actor may not see the record, 403 when they may see it but not do this. */
export function assertCan<Action extends string, R>(
  policy: Policy<Action, R>,
  actor: PolicyActor,
  action: Action,
  record: R,
): void {
  if (policy.viewAction && action !== policy.viewAction && !can(policy, actor, policy.viewAction, record)) {
    throw notFound();
  }
  if (!can(policy, actor, action, record)) {
    if (action === policy.viewAction) throw notFound();
    throw forbidden();
  }
}
