/**
 * A small error-reporting client (shell.md §7): release stage 'acceptance', reports only from
 * the enabled stages, one session per page load, no IP address or other personal data beyond
 * the user id. Off unless VITE_ERROR_REPORTING_URL is set at build time.
 */
export const ENABLED_RELEASE_STAGES = ['development', 'test', 'accept', 'production'] as const;
export const DEFAULT_RELEASE_STAGE = 'acceptance';

export interface ErrorReportingConfig {
  endpoint: string | null;
  apiKey: string | null;
  releaseStage: string;
  appVersion: string | null;
}

export function readErrorReportingConfig(env: Record<string, unknown>): ErrorReportingConfig {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);
  return {
    endpoint: text(env.VITE_ERROR_REPORTING_URL),
    apiKey: text(env.VITE_ERROR_REPORTING_KEY),
    releaseStage: text(env.VITE_RELEASE_STAGE) ?? DEFAULT_RELEASE_STAGE,
    appVersion: text(env.VITE_APP_VERSION),
  };
}

export function isReportingEnabled(config: ErrorReportingConfig): boolean {
  return config.endpoint !== null && (ENABLED_RELEASE_STAGES as readonly string[]).includes(config.releaseStage);
}

let active: ErrorReportingConfig | null = null;
let userId: number | null = null;
const sessionId = Math.random().toString(36).slice(2);

function send(kind: 'session' | 'error', payload: Record<string, unknown>): void {
  if (!active?.endpoint) return;
  const body = JSON.stringify({
    kind,
    apiKey: active.apiKey,
    releaseStage: active.releaseStage,
    appVersion: active.appVersion,
    session: sessionId,
    user: userId === null ? null : { id: userId },
    context: window.location.pathname,
    timestamp: new Date().toISOString(),
    ...payload,
  });
  const blob = new Blob([body], { type: 'application/json' });
  if (!navigator.sendBeacon?.(active.endpoint, blob)) {
    fetch(active.endpoint, { method: 'POST', body, keepalive: true, credentials: 'omit' }).catch(() => undefined);
  }
}

export function reportError(error: unknown, metadata: Record<string, unknown> = {}): void {
  if (!active) return;
  const err = error instanceof Error ? error : new Error(String(error));
  send('error', { error: { name: err.name, message: err.message, stack: err.stack }, metadata });
}

export function setErrorReportingUser(id: number | null): void {
  userId = id;
}

export function startErrorReporting(config = readErrorReportingConfig(import.meta.env)): void {
  if (active || !isReportingEnabled(config)) return;
  active = config;
  window.addEventListener('error', (event) => reportError(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason));
  send('session', {});
}
