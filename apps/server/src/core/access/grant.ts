import { PLATFORMS } from '@meshport/contract';
import { ValidationError } from '#core/http/http-error.ts';
import type { Actor } from '#core/http/request-context.ts';

/**
 * Who gives abilities or licences: what their membership in the request's company holds.
 * Platform administrators hold everything.
 */
export interface Grantor {
  accountId: number;
  admin: boolean;
  abilities: readonly string[];
  licences: readonly string[];
}

export function grantorOf(actor: Actor): Grantor {
  return {
    accountId: actor.accountId,
    admin: actor.admin,
    abilities: actor.membership?.abilities ?? [],
    licences: actor.membership?.licences ?? [],
  };
}

export const notHeldMessage = (kind: 'abilities' | 'licences', keys: readonly string[]) =>
  `You can only give ${kind} you hold yourself; you do not hold ${keys.join(', ')}.`;
export const NOT_OWN_ROLE = 'You cannot change your own role: someone else changes it.';
export const NOT_OWN_LICENCES = 'You cannot change your own licences: someone else changes them.';

/**
 * The licences that open a platform of this server (access, like abilities). The others are
 * seats of other products, handed out by whoever manages the company's users.
 */
export const ACCESS_LICENCES: ReadonlySet<string> = new Set(PLATFORMS.map((platform) => platform.license));

/** The keys of `given` that give access and that the grantor does not hold (none for platform administrators), sorted. */
export function notHeld(grantor: Grantor, kind: 'abilities' | 'licences', given: readonly string[]): string[] {
  if (grantor.admin) return [];
  const held = new Set(grantor[kind]);
  return [...new Set(given)]
    .filter((key) => !held.has(key) && (kind === 'abilities' || ACCESS_LICENCES.has(key)))
    .sort();
}

/**
 * Grant only what you hold (docs/decisions/0033): every path that gives a role, an ability to a
 * role or a licence to a member asks here. Answers the 422 message for `field`, or null.
 */
export function grantRefusal(
  grantor: Grantor,
  kind: 'abilities' | 'licences',
  given: readonly string[],
): string | null {
  const missing = notHeld(grantor, kind, given);
  return missing.length > 0 ? notHeldMessage(kind, missing) : null;
}

/** Throws the 422 on `field` when the grantor does not hold everything given. */
export function assertGrantable(
  grantor: Grantor,
  field: string,
  kind: 'abilities' | 'licences',
  given: readonly string[],
): void {
  const refusal = grantRefusal(grantor, kind, given);
  if (refusal) throw new ValidationError({ [field]: [refusal] });
}

/** Whether a change of this member's role or licences is the grantor's own (refused, platform administrators aside). */
export function ownGrants(grantor: Grantor, memberId: number): boolean {
  return memberId === grantor.accountId && !grantor.admin;
}

/** Keys in `next` that are not in `current`: what a replacement of the set gives anew. */
export function added(current: readonly string[], next: readonly string[]): string[] {
  const before = new Set(current);
  return next.filter((key) => !before.has(key));
}
