import type { PlatformKey } from '@meshport/contract';
import type { CompanyRow } from '#core/tenancy/company.table.ts';

/** The tenant and platform read from the host, once per request, in one place. */
export interface RequestTenant {
  company: CompanyRow;
  platform: PlatformKey | null;
}

/** The signed-in person, with what their membership in this request's company grants. */
export interface Actor {
  accountId: number;
  sessionId: number;
  name: string;
  username: string;
  email: string;
  profileImagePath: string | null;
  admin: boolean;
  remember: boolean;
  expiresAt: Date | null;
  via: 'cookie' | 'bearer';
  /** The raw token, only when the client sent it as a bearer token. */
  bearerToken: string | null;
  /** Membership in the request's company; null when none (or no tenant). */
  membership: { abilities: string[]; licences: string[] } | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    tenant: RequestTenant | null;
    actor: Actor | null;
  }
}
