import { checkAccess } from '#core/access/access.ts';
import { HttpError } from '#core/http/http-error.ts';
import type { Actor, RequestTenant } from '#core/http/request-context.ts';
import type { RouteAccess } from '#core/http/route.ts';

/** Who asks to join a channel: what a route's access check reads of the actor. */
export type ChannelSubject = Pick<Actor, 'accountId' | 'admin' | 'membership'>;

/** What a company channel of one kind needs (its list channel and its record channels). */
export interface ChannelKindRule {
  /** The access of the call whose data the channel carries (its list endpoint's). */
  access: RouteAccess;
  /** Its channels are each account's own (`{kind}.{accountId}`): only that account joins one. */
  ownAccount?: boolean;
}

export type ChannelDecision = { ok: true; channel: string } | { ok: false; status: 403 | 422; message: string };

const CHANNEL = /^private-company\.(\d{1,10})\.([A-Za-z][A-Za-z0-9_]{0,63})(?:\.([A-Za-z0-9_-]{1,100}))?$/;

const refuse = (message: string, status: 403 | 422 = 403): ChannelDecision => ({ ok: false, status, message });

/** Echo-style clients drop the `private-` prefix in some calls; both spellings name one room. */
export function normaliseChannel(name: string): string {
  return name.startsWith('private-') ? name : `private-${name}`;
}

function accessRefusal(subject: ChannelSubject, tenant: RequestTenant, access: RouteAccess): ChannelDecision | null {
  try {
    checkAccess(subject, tenant, access);
    return null;
  } catch (error) {
    if (error instanceof HttpError) return refuse(error.message);
    throw error;
  }
}

/**
 * The one decision for both ways of joining (the socket's `subscribe` and POST
 * /broadcasting/auth), and for keeping a channel when access changes. Channels live in the
 * host's company only, and need what the calls carrying their data need (`checkAccess`):
 * - `private-company.{c}.{Kind}` and `private-company.{c}.{Kind}.{id}`: the kind's access;
 * - of a kind whose channels are each account's own, `private-company.{c}.{Kind}.{a}`: account a only.
 * Core knows no kind: each module registers its own at composition (`RealtimeService.registerKind`).
 */
export function authorizeChannel(
  subject: ChannelSubject,
  tenant: RequestTenant | null,
  rawChannel: unknown,
  kinds: Record<string, ChannelKindRule>,
): ChannelDecision {
  if (typeof rawChannel !== 'string' || rawChannel.length === 0 || rawChannel.length > 200) {
    return refuse('Name the channel to join.', 422);
  }
  const channel = normaliseChannel(rawChannel);
  const match = CHANNEL.exec(channel);
  if (!match) return refuse(`There is no channel "${rawChannel}".`);
  // CHANNEL requires the company and the kind: the defaults only give the index type its strings.
  const [, companyText = '', kind = '', id] = match;
  if (tenant === null) return refuse('Connect on a company host to join company channels.');
  if (Number(companyText) !== tenant.company.id) return refuse('That channel belongs to another company.');
  if (!subject.admin && !subject.membership) return refuse('You are not a member of this company.');
  const rule = Object.hasOwn(kinds, kind) ? kinds[kind] : undefined;
  if (!rule) return refuse(`There is no channel "${rawChannel}".`);
  if (rule.ownAccount && (id === undefined || String(subject.accountId) !== id)) {
    return refuse(`You may only join your own ${kind}'s channel.`);
  }
  return accessRefusal(subject, tenant, rule.access) ?? { ok: true, channel };
}

/**
 * Why the socket may not stay on this host, or null: every call here needs a member holding
 * the platform's licence, or a platform admin.
 */
export function refusalHere(actor: ChannelSubject, tenant: RequestTenant): string | null {
  try {
    checkAccess(actor, tenant, 'member');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : 'This action is unauthorized.';
  }
}

/** The channel a subscribe message names (a string, or `{ channel }`). */
export function channelOf(payload: unknown): unknown {
  if (typeof payload === 'string') return payload;
  if (payload && typeof payload === 'object') return (payload as { channel?: unknown }).channel;
  return undefined;
}
