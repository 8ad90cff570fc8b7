import type { Endpoint } from '@meshport/contract';
import type { FastifyRequest } from 'fastify';
import { needsMember, type RouteAccess, SAFE_METHODS } from './route.ts';

/** One entry of a member's activity (My Account → Activity). */
export interface ActivityEntry {
  companyId: number;
  accountId: number;
  action: string;
}

/** Stores an entry (the user_activity table); given by the app, so that core knows no module. */
export type ActivityWriter = (entry: ActivityEntry) => Promise<void>;

/**
 * Writes that are not a change of the member's making, which their modules name at composition
 * (by endpoint, or by tag for a whole protocol's calls). Endpoints may also say so themselves
 * with `activity: false`.
 */
export interface QuietCalls {
  endpoints?: readonly Endpoint[];
  tags?: readonly string[];
}

/** How the app keeps the activity: where entries go and which writes make none. */
export interface ActivityLog {
  write: ActivityWriter;
  quiet: readonly QuietCalls[];
}

const MAX_ACTION_LENGTH = 500;

/** The first clause of a summary: 'Changes a project (also POST …); labels …' → 'Changes a project'. */
function firstClause(summary: string): string {
  return summary.split(/[;(:.]/, 1)[0]?.trim() || summary.trim();
}

function paramText(value: unknown): string {
  return String(value)
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .slice(0, 100);
}

/** `{id}` placeholders filled from the route's parameters. */
function fill(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{([A-Za-z_]+)\}/g, (match, name: string) =>
    Object.hasOwn(params, name) ? paramText(params[name]) : match,
  );
}

/**
 * The activity text of a call, or null when the call is not logged: reads, calls that need no
 * membership (sign-in, sign-out, password reset: the sign-in route writes its own entry) and
 * the quiet calls the modules named. The text is the endpoint's `activity`, else its summary's first clause with the
 * record named by the path's parameters ('Changes a project (12)').
 */
export function activityText(
  endpoint: Endpoint,
  access: RouteAccess,
  params: Record<string, unknown> | undefined,
  quiet: readonly QuietCalls[] = [],
): string | null {
  if (SAFE_METHODS.has(endpoint.method) || !needsMember(access)) return null;
  if (endpoint.activity === false) return null;
  for (const calls of quiet) {
    if (calls.endpoints?.includes(endpoint) || endpoint.tags.some((tag) => calls.tags?.includes(tag))) return null;
  }
  const values = params ?? {};
  let text: string;
  if (typeof endpoint.activity === 'string') {
    text = fill(endpoint.activity, values);
  } else {
    const names = Object.values(values).map(paramText).filter(Boolean);
    text = firstClause(endpoint.summary) + (names.length ? ` (${names.join(', ')})` : '');
  }
  return text.slice(0, MAX_ACTION_LENGTH);
}

/**
 * After a successful write of a member: one entry in their activity, in the same request. A
 * failure to log is reported, never turned into a failure of the write that already happened.
 */
export async function logActivity(
  log: ActivityLog | undefined,
  request: FastifyRequest,
  status: number,
  call: { endpoint: Endpoint; access: RouteAccess; params: unknown },
): Promise<void> {
  if (!log || status >= 300) return;
  const companyId = request.tenant?.company.id;
  const accountId = request.actor?.accountId;
  if (companyId === undefined || accountId === undefined) return;
  const params = call.params as Record<string, unknown> | undefined;
  const action = activityText(call.endpoint, call.access, params, log.quiet);
  if (action === null) return;
  try {
    await log.write({ companyId, accountId, action });
  } catch (error) {
    request.log.warn({ err: error, companyId, accountId }, 'activity not recorded');
  }
}
