import { z } from 'zod';
import type { AutodeskSettings } from '#core/config/config.ts';

/** How long one call to the provider may take. */
const PROVIDER_TIMEOUT_MS = 10_000;
/** An access token without `expires_in` is taken to last this long (APS issues one-hour tokens). */
const DEFAULT_EXPIRES_SECONDS = 3600;

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1).max(16_384),
  refresh_token: z.string().min(1).max(16_384).optional(),
  expires_in: z.coerce.number().positive().max(31_536_000).optional(),
  scope: z.string().max(4096).optional(),
});

export interface ProviderTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
  /** What the provider says it granted; null when it did not say (RFC 6749 §5.1: as asked). */
  scope: string | null;
}

/** The provider refused (`invalid_grant` and the like) or could not be reached; `status` 0 for the latter. */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
  ) {
    super(`Autodesk token endpoint answered ${status}${code ? ` (${code})` : ''}`);
  }

  /** The grant is no longer valid: forget it rather than try again. */
  get grantRejected(): boolean {
    return this.code === 'invalid_grant' || this.status === 401;
  }
}

/** The OAuth 2 token and revocation endpoints of the configured provider (Autodesk Platform Services by default). */
export class AutodeskProvider {
  constructor(private readonly settings: AutodeskSettings) {}

  /** The authorisation address the browser is sent to (RFC 6749 §4.1.1, RFC 7636 S256). */
  authorizeUrl(input: { state: string; codeChallenge: string; callbackUrl: string }): string {
    const url = new URL(this.settings.authorizeUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.settings.clientId ?? '');
    url.searchParams.set('redirect_uri', input.callbackUrl);
    url.searchParams.set('scope', this.settings.scopes.join(' '));
    url.searchParams.set('state', input.state);
    url.searchParams.set('code_challenge', input.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
    return url.toString();
  }

  exchangeCode(input: { code: string; codeVerifier: string; callbackUrl: string }): Promise<ProviderTokens> {
    return this.token({
      grant_type: 'authorization_code',
      code: input.code,
      code_verifier: input.codeVerifier,
      redirect_uri: input.callbackUrl,
    });
  }

  refresh(refreshToken: string): Promise<ProviderTokens> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /** RFC 7009; true when the provider confirmed it. */
  async revoke(token: string, hint: 'access_token' | 'refresh_token'): Promise<boolean> {
    const response = await this.post(this.settings.revokeUrl, { token, token_type_hint: hint });
    return response.ok;
  }

  private async token(form: Record<string, string>): Promise<ProviderTokens> {
    let response: Response;
    try {
      response = await this.post(this.settings.tokenUrl, form);
    } catch {
      throw new ProviderError(0, null);
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const code = z.object({ error: z.string().max(128) }).safeParse(body);
      throw new ProviderError(response.status, code.success ? code.data.error : null);
    }
    const parsed = tokenAnswerSchema.safeParse(body);
    if (!parsed.success) throw new ProviderError(response.status, 'invalid_answer');
    const answer = parsed.data;
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token ?? null,
      expiresAt: new Date(Date.now() + (answer.expires_in ?? DEFAULT_EXPIRES_SECONDS) * 1000),
      scope: answer.scope?.trim() || null,
    };
  }

  /** A form POST with the client's credentials: HTTP Basic for a confidential client, `client_id` for a public one. */
  private post(url: string, form: Record<string, string>): Promise<Response> {
    const { clientId, clientSecret } = this.settings;
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    const body = new URLSearchParams(form);
    if (clientSecret) {
      const credentials = `${encodeURIComponent(clientId ?? '')}:${encodeURIComponent(clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    } else {
      body.set('client_id', clientId ?? '');
    }
    return fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  }
}
