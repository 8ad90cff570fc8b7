import type { TestApp } from '../test-app.ts';
import { isRecord } from './operations.ts';

/** Who a request is sent as: nobody, or a demo user, on a host. */
export interface Identity {
  label: string;
  host: string;
  user: string | null;
}

/** Bearer tokens of the demo users; fresh ones for operations that end the session. */
export class Sessions {
  private readonly tokens = new Map<string, string>();
  private readonly accounts = new Map<string, number>();

  private constructor(private readonly app: TestApp) {}

  static async signIn(app: TestApp, users: string[]): Promise<Sessions> {
    const sessions = new Sessions(app);
    for (const user of users) {
      const token = await app.login(user);
      const res = await app.request<unknown>('/v2/auth/validate', { token });
      const body: unknown = res.body;
      const account = isRecord(body) ? body.user : undefined;
      const id = isRecord(account) ? account.id : undefined;
      if (typeof id !== 'number') throw new Error(`no account id for ${user}: ${res.text}`);
      sessions.tokens.set(user, token);
      sessions.accounts.set(user, id);
    }
    return sessions;
  }

  token(user: string): string {
    const token = this.tokens.get(user);
    if (!token) throw new Error(`not signed in: ${user}`);
    return token;
  }

  /** A new session, as a sign-in would issue, without the cost of hashing the password again. */
  async fresh(user: string): Promise<string> {
    const accountId = this.accounts.get(user);
    if (accountId === undefined) throw new Error(`unknown user ${user}`);
    const issued = await this.app.services.sessions.issue(accountId, false, {
      userAgent: 'hostile-input',
      ipAddress: '127.0.0.1',
    });
    return issued.token;
  }

  /** Replaces the tokens the last requests revoked; says whether there were any. */
  async renewRevoked(): Promise<boolean> {
    let renewed = false;
    for (const [user, token] of this.tokens) {
      const res = await this.app.request('/v2/auth/validate', { token });
      if (res.status === 200) continue;
      this.tokens.set(user, await this.fresh(user));
      renewed = true;
    }
    return renewed;
  }
}
