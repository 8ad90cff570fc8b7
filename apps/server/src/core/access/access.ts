import { findPlatform, hasPermission, type PlatformKey } from '@meshport/contract';
import type { FastifyRequest } from 'fastify';
import { forbidden, HttpError, notFound, unauthenticated } from '#core/http/http-error.ts';
import { own } from '#core/http/own-key.ts';
import type { Actor, RequestTenant } from '#core/http/request-context.ts';
import type { RouteAccess } from '#core/http/route.ts';

/** The licences that open a platform; no platform prefix in the host accepts either. */
function licencesFor(platform: PlatformKey | null, hatchOnly: boolean): string[] {
  if (hatchOnly) return ['hatch'];
  const found = findPlatform(platform);
  return found ? [found.license] : ['hatch', 'design_and_sales'];
}

/** content.md §1, administration.md §2: materials, property maps and the processor are hatch's. */
function refuseHatchOnlyElsewhere(platform: PlatformKey | null): void {
  if (platform !== null && platform !== 'hatch') {
    throw new HttpError(403, 'This is available on hatch only.', { reason: 'platform' });
  }
}

/**
 * The one place that answers "may this request go on?". Throws the HTTP error to send
 * when it may not; returns when it may.
 */
export function authorize(request: FastifyRequest, access: RouteAccess): void {
  const trashed = own((request.query ?? {}) as Record<string, unknown>, 'trashed');
  checkAccess(request.actor, request.tenant, access, trashed === '1' || trashed === 'true');
}

/**
 * `authorize` for a request's parts: whoever asks on a host, for routes and for what carries
 * the same data elsewhere (realtime channels).
 */
export function checkAccess(
  actor: Pick<Actor, 'admin' | 'membership'> | null,
  tenant: RequestTenant | null,
  access: RouteAccess,
  trashed = false,
): void {
  if (access === 'public') return;
  if (!actor) throw unauthenticated();
  if (access === 'signed-in') return;
  if (!tenant) throw notFound('Open this address on a company host, such as acme.<base domain>.');
  if (access === 'admin') {
    if (!actor.admin) throw forbidden('Only platform administrators may do this.');
    return;
  }
  const rule = access === 'member' ? null : access;
  if (rule?.hatchOnly) refuseHatchOnlyElsewhere(tenant.platform);
  if (actor.admin) return;
  const membership = actor.membership;
  if (!membership) throw forbidden(`You are not a member of ${tenant.company.name}.`);
  const accepted = licencesFor(tenant.platform, rule?.hatchOnly === true);
  if (!accepted.some((licence) => membership.licences.includes(licence))) {
    throw new HttpError(403, 'Your company has not given you a licence for this platform.', {
      reason: 'licence',
    });
  }
  const subject = { admin: false, abilities: membership.abilities };
  if (!rule) return;
  if (!hasPermission(subject, rule.permission)) throw forbidden();
  if (rule.hiddenWithout && !hasPermission(subject, rule.hiddenWithout)) throw notFound();
  if (rule.trashedPermission && trashed && !hasPermission(subject, rule.trashedPermission)) throw forbidden();
}

/** For services: the company the request works in, which `authorize` has already checked. */
export function requireCompanyId(request: FastifyRequest): number {
  if (!request.tenant) throw notFound();
  return request.tenant.company.id;
}
