import type { AuthPayload, AuthUser, LoginRequest } from '@meshport/contract';
import { createContext, useContext } from 'react';

/**
 * Why the user is signed out: an explicit logout goes to /login plainly; an expired session
 * (401, idle) keeps the path to return to after signing in again.
 */
export type SignOutReason = 'logout' | 'expired' | null;

export type AuthStatus = 'pending' | 'signed-in' | 'signed-out';

export interface AuthContextValue {
  status: AuthStatus;
  /** shell.md §4 authIsReady: the startup validate call has answered. */
  ready: boolean;
  payload: AuthPayload | null;
  user: AuthUser | null;
  reason: SignOutReason;
  login(request: LoginRequest): Promise<void>;
  logout(options?: { all?: boolean }): Promise<void>;
}

/** Provided by the app's AuthProvider (app/session/auth.provider.tsx); read here by every layer. */
export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}

/** The signed-in user; only for screens behind an auth guard. */
export function useCurrentUser(): AuthUser {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser without a signed-in user');
  return user;
}
