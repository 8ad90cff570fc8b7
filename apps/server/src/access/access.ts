import { findPlatform, hasPermission, type PlatformKey } from '@meshport/contract';
import type { FastifyRequest } from 'fastify';
import { forbidden, HttpError, notFound, unauthenticated } from '../http/http-error.ts';
import type { RouteAccess } from '../http/route.ts';

/** The licences that open a platform; no platform prefix in the host accepts either. */
function licencesFor(platform: PlatformKey | null, hatchOnly: boolean): string[] {
  if (hatchOnly) return ['hatch'];
  const found = findPlatform(platform);
  return found ? [found.license] : ['hatch', 'design_and_sales'];
}

/**
 * The one place that answers "may this request go on?". Throws the HTTP error to send
 * when it may not; returns when it may.
 */
export function authorize(request: FastifyRequest, access: RouteAccess): void {
  if (access === 'public') return;
  const actor = request.actor;
  if (!actor) throw unauthenticated();
  if (access === 'signed-in') return;
  const tenant = request.tenant;
  if (!tenant) throw notFound('Open this address on a company host, such as acme.<base domain>.');
  if (access.admin && !actor.admin) throw forbidden('Only platform administrators may do this.');
  if (actor.admin) return;
  const membership = actor.membership;
  if (!membership) throw forbidden(`You are not a member of ${tenant.company.name}.`);
  const accepted = licencesFor(tenant.platform, access.hatchOnly === true);
  if (!accepted.some((licence) => membership.licences.includes(licence))) {
    throw new HttpError(403, 'Your company has not given you a licence for this platform.', {
      reason: 'licence',
    });
  }
  const subject = { admin: false, abilities: membership.abilities };
  if (access.permission && !hasPermission(subject, access.permission)) throw forbidden();
  const trashed = (request.query as Record<string, unknown> | undefined)?.trashed;
  if (access.trashedPermission && (trashed === '1' || trashed === 'true')) {
    if (!hasPermission(subject, access.trashedPermission)) throw forbidden();
  }
}

/** For services: the company the request works in, which `authorize` has already checked. */
export function requireCompanyId(request: FastifyRequest): number {
  if (!request.tenant) throw notFound();
  return request.tenant.company.id;
}
