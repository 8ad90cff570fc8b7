import { type AuthUser, findPlatform, hasPermission, type PlatformKey } from '@meshport/contract';

/** What a route asks of the visitor; declared as data in the route table. */
export interface RouteGuard {
  /** Signed-in users only. */
  auth?: boolean;
  /** Signed-out users only (the login flow); a signed-in user goes to / (or back). */
  guest?: boolean;
  /** 'a|b': any one of the abilities; admins pass. */
  ability?: string;
  /** The user must hold the licence of the current platform, else /portal. */
  licence?: boolean;
  /** The route exists only on this platform. */
  platform?: PlatformKey;
  /** Admins only. */
  admin?: boolean;
}

/** Signed in, with the licence of the current platform: the guard of almost every screen. */
export const SIGNED_IN: RouteGuard = { auth: true, licence: true };
/** Signed-out visitors only. */
export const GUEST: RouteGuard = { guest: true };

export type GuardDecision = 'allow' | 'login' | 'home' | 'portal' | 'unauthorized' | 'not-found';

export interface GuardContext {
  user: AuthUser | null;
  platform: PlatformKey;
}

export function hasPlatformLicence(user: AuthUser, platform: PlatformKey): boolean {
  const definition = findPlatform(platform);
  return definition !== undefined && user.licences.includes(definition.license);
}

export function decideGuard(guard: RouteGuard | undefined, context: GuardContext): GuardDecision {
  if (!guard) return 'allow';
  if (guard.platform && guard.platform !== context.platform) return 'not-found';
  const { user } = context;
  if (guard.guest) return user ? 'home' : 'allow';
  if (!user) return guard.auth ? 'login' : 'allow';
  if (guard.licence && !hasPlatformLicence(user, context.platform)) return 'portal';
  if (guard.admin && !user.admin) return 'unauthorized';
  if (guard.ability && !hasPermission(user, guard.ability)) return 'unauthorized';
  return 'allow';
}
