import type { HttpResponse } from '@meshport/contract/node-http';
import { beforeAll } from 'vitest';
import type { TestApp } from './test-app.ts';

export interface DemoClientOptions {
  /**
   * Users signed in up front, in this order, by a `beforeAll` registered by `signInDemoUsers`
   * (so call it after the `beforeAll` that starts the app). Others sign in on first use.
   */
  signIn?: string[];
  /** Whose token `get` sends when no user is named. */
  defaultUser?: string;
}

export interface DemoClients<Body> {
  /** The user's bearer token, signed in once per host: by default globex users on globex, others on acme. */
  token(user: string, host?: string): Promise<string>;
  /** The acme host the user works on: viewer holds only design_and_sales, so customerportal; others hatch. */
  hostOf(user: string): string;
  /** Request options for the user on their host. */
  auth(user: string): Promise<{ token: string; host: string }>;
  /** GET as the user (signed in on their own host), on `host` or else the user's host. */
  get<T = Body>(path: string, user?: string, host?: string): Promise<HttpResponse<T>>;
}

/** Tokens and a GET helper for the demo users of a test app started in `beforeAll`. */
// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely unless they name a body type.
export function signInDemoUsers<Body = any>(app: () => TestApp, options: DemoClientOptions = {}): DemoClients<Body> {
  const { signIn = [], defaultUser = 'editor' } = options;
  const cache = new Map<string, Promise<string>>();
  const token = (user: string, host = app().host(user.startsWith('globex') ? 'globex' : 'acme')) => {
    const key = `${user}@${host}`;
    let pending = cache.get(key);
    if (!pending) {
      pending = app().login(user, host);
      cache.set(key, pending);
    }
    return pending;
  };
  const hostOf = (user: string) => app().host('acme', user === 'viewer' ? 'customerportal' : 'hatch');
  if (signIn.length > 0) {
    beforeAll(async () => {
      for (const user of signIn) await token(user);
    });
  }
  return {
    token,
    hostOf,
    auth: async (user) => ({ token: await token(user), host: hostOf(user) }),
    get: async <T = Body>(path: string, user = defaultUser, host?: string) =>
      app().request<T>(path, { token: await token(user), host: host ?? hostOf(user) }),
  };
}
