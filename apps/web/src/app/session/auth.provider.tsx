import { type AuthPayload, IDLE_TIMEOUT_MINUTES, type LoginRequest, REMEMBER_COOKIE } from '@meshport/contract';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '@/lib/api/api-client.ts';
import { onApiEvent } from '@/lib/api/api-events.ts';
import { deleteCookie, readCookie } from '@/lib/cookies.ts';
import { setErrorReportingUser } from '@/lib/error-reporting.ts';
import { AuthContext, type AuthContextValue, type AuthStatus, type SignOutReason } from '@/lib/session/auth.context.ts';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { login as sendLogin } from './api/login.api.ts';
import { logout as sendLogout } from './api/logout.api.ts';
import { validateSession } from './api/validate-session.api.ts';
import { BOOT_SESSION, bootOutcome, bootPromise } from './boot-calls.ts';
import { useIdleLogout } from './use-idle-logout.hook.ts';

interface AuthState {
  status: AuthStatus;
  payload: AuthPayload | null;
  reason: SignOutReason;
}

/** Minutes of inactivity before the client signs out, or null when remember-me is in force. */
export function idleMinutes(payload: AuthPayload | null, rememberCookie: boolean): number | null {
  if (!payload || payload.remember || rememberCookie) return null;
  return payload.idle_timeout_minutes ?? IDLE_TIMEOUT_MINUTES;
}

/** A 503 shows the maintenance page (maintenance.store.ts); anything else means no usable session. */
function isMaintenance(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503;
}

/** Where the session stands at the first render: main.tsx's session check, if it has answered. */
function stateFromBootCall(): AuthState {
  const outcome = bootOutcome<AuthPayload>(BOOT_SESSION);
  if (outcome?.state === 'done') return { status: 'signed-in', payload: outcome.data, reason: null };
  if (outcome?.state === 'failed' && !isMaintenance(outcome.error)) {
    return { status: 'signed-out', payload: null, reason: null };
  }
  return { status: 'pending', payload: null, reason: null };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const { baseDomain } = useTenant();
  const [state, setState] = useState<AuthState>(stateFromBootCall);
  const mountState = useRef(state);

  const signedOut = useCallback(
    (reason: SignOutReason) => {
      deleteCookie(REMEMBER_COOKIE, baseDomain);
      setErrorReportingUser(null);
      setState({ status: 'signed-out', payload: null, reason });
    },
    [baseDomain],
  );

  const signedIn = useCallback((payload: AuthPayload) => {
    setErrorReportingUser(payload.user.id);
    setState({ status: 'signed-in', payload, reason: null });
  }, []);

  // Startup: the session cookie is HttpOnly, so only the server can say whether it is valid. main.tsx asked
  // already (boot-calls.ts); the first render holds its answer when it came in time.
  useEffect(() => {
    const held = mountState.current;
    if (held.payload) setErrorReportingUser(held.payload.user.id);
    if (held.status !== 'pending') return;
    const controller = new AbortController();
    (bootPromise<AuthPayload>(BOOT_SESSION) ?? validateSession(controller.signal)).then(
      (payload) => {
        if (!controller.signal.aborted) signedIn(payload);
      },
      (error: unknown) => {
        if (controller.signal.aborted || isMaintenance(error)) return;
        setState({ status: 'signed-out', payload: null, reason: null });
      },
    );
    return () => controller.abort();
  }, [signedIn]);

  // Any other call answering 401: the session is gone.
  const statusRef = useRef(state.status);
  statusRef.current = state.status;
  useEffect(
    () =>
      onApiEvent((event) => {
        if (event.type === 'unauthorized' && statusRef.current === 'signed-in') {
          signedOut('expired');
        }
      }),
    [signedOut],
  );

  const login = useCallback(
    async (request: LoginRequest) => {
      const payload = await sendLogin(request);
      signedIn(payload);
    },
    [signedIn],
  );

  const logout = useCallback(
    async (options?: { all?: boolean }) => {
      try {
        await sendLogout(options?.all ?? false);
      } catch (error) {
        // Already signed out on the server: the outcome the user asked for.
        if (!(error instanceof ApiError && error.status === 401)) throw error;
      }
      signedOut('logout');
    },
    [signedOut],
  );

  const onIdle = useCallback(() => {
    sendLogout(false).then(
      () => signedOut('expired'),
      () => signedOut('expired'),
    );
  }, [signedOut]);
  useIdleLogout(idleMinutes(state.payload, readCookie(REMEMBER_COOKIE) !== null), onIdle);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      ready: state.status !== 'pending',
      payload: state.payload,
      user: state.payload?.user ?? null,
      reason: state.reason,
      login,
      logout,
    }),
    [state, login, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
