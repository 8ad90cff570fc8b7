import { CONTENT_CHANNEL_KIND, hasPermission, type PermissionExpression } from '@meshport/contract';

/** Who asks to join a channel, and in which company (from the host). */
export interface ChannelSubject {
  accountId: number;
  admin: boolean;
  /** Membership in the host's company; null when none. */
  membership: { abilities: string[]; licences: string[] } | null;
}

/** What a company channel of one kind needs (its list channel and its record channels). */
export interface ChannelKindRule {
  /** Null: every member of the company (channels whose events name only what kind of record changed). */
  permission: PermissionExpression | null;
}

export type ChannelDecision = { ok: true; channel: string } | { ok: false; status: 403 | 422; message: string };

/** The channels other resources push on; `RealtimeService.registerKind` adds more. */
export const DEFAULT_CHANNEL_KINDS: Record<string, ChannelKindRule> = {
  ProjectModel: { permission: 'list-project-models|update-project-models|create-project-models' },
  LibraryItem: { permission: 'list-library-items|update-library-items|list-libraries|update-libraries' },
  Project: { permission: 'view-projects' },
  Library: { permission: 'list-libraries' },
  Material: { permission: 'list-materials|update-materials' },
  [CONTENT_CHANNEL_KIND]: { permission: null },
};

const CHANNEL = /^private-company\.(\d{1,10})\.([A-Za-z][A-Za-z0-9_]{0,63})(?:\.([A-Za-z0-9_-]{1,100}))?$/;

const refuse = (message: string, status: 403 | 422 = 403): ChannelDecision => ({ ok: false, status, message });

/** Echo-style clients drop the `private-` prefix in some calls; both spellings name one room. */
export function normaliseChannel(name: string): string {
  return name.startsWith('private-') ? name : `private-${name}`;
}

/**
 * The one decision for both ways of joining (the socket's `subscribe` and POST
 * /broadcasting/auth). Channels live in the host's company only:
 * - `private-company.{c}.user.{a}`: only account a itself, member of c (or a platform admin);
 * - `private-company.{c}.{Kind}` and `private-company.{c}.{Kind}.{id}`: members of c holding the kind's permission.
 */
export function authorizeChannel(
  subject: ChannelSubject,
  hostCompanyId: number | null,
  rawChannel: unknown,
  kinds: Record<string, ChannelKindRule>,
): ChannelDecision {
  if (typeof rawChannel !== 'string' || rawChannel.length === 0 || rawChannel.length > 200) {
    return refuse('Name the channel to join.', 422);
  }
  const channel = normaliseChannel(rawChannel);
  const match = CHANNEL.exec(channel);
  if (!match) return refuse(`There is no channel "${rawChannel}".`);
  const [, companyText, kind, id] = match as unknown as [string, string, string, string | undefined];
  if (hostCompanyId === null) return refuse('Connect on a company host to join company channels.');
  if (Number(companyText) !== hostCompanyId) return refuse('That channel belongs to another company.');
  if (!subject.admin && !subject.membership) return refuse('You are not a member of this company.');
  if (kind === 'user') {
    if (id === undefined || String(subject.accountId) !== id)
      return refuse("You may only join your own user's channel.");
    return { ok: true, channel };
  }
  const rule = kinds[kind];
  if (!rule) return refuse(`There is no channel "${rawChannel}".`);
  const abilities = subject.membership?.abilities ?? [];
  if (rule.permission !== null && !hasPermission({ admin: subject.admin, abilities }, rule.permission))
    return refuse('This action is unauthorized.');
  return { ok: true, channel };
}
