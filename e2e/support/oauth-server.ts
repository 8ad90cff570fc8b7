import type { IncomingMessage } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';

export interface RunningOAuthServer {
  /** `http://127.0.0.1:<port>`: /authorize, /token, /revoke. */
  url: string;
  /** The server's environment that points the Autodesk integration at this provider. */
  env: Record<string, string>;
  /** The next sign-in is refused by the person (`error=access_denied`), as a real provider reports it. */
  denyNext(): void;
  stop(): Promise<void>;
}

/**
 * A real OAuth 2 server (oauth2-mock-server) standing in for Autodesk Platform Services: its
 * /authorize signs the user in at once and redirects back with a code; PKCE is checked at /token.
 * Like a real provider, the token answer grants the scope asked for at /authorize.
 */
export async function startOAuthServer(scopes = 'data:read viewables:read'): Promise<RunningOAuthServer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const asked = new Map<string, string>();
  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: IncomingMessage) => {
    const query = new URL(req.url ?? '/', 'http://provider').searchParams;
    asked.set(redirect.url.searchParams.get('code') ?? '', query.get('scope') ?? '');
  });
  server.service.on(
    'beforeResponse',
    (response: { body: Record<string, unknown> }, req: { body: Record<string, string> }) => {
      if (req.body.grant_type === 'authorization_code') response.body.scope = asked.get(req.body.code ?? '') ?? '';
    },
  );
  const url = String(server.issuer.url);
  return {
    url,
    env: {
      AUTODESK_CLIENT_ID: 'meshport-e2e',
      AUTODESK_CLIENT_SECRET: 'meshport-e2e-secret',
      AUTODESK_AUTHORIZE_URL: `${url}/authorize`,
      AUTODESK_TOKEN_URL: `${url}/token`,
      AUTODESK_REVOKE_URL: `${url}/revoke`,
      AUTODESK_SCOPES: scopes,
      AUTODESK_TOKEN_KEY: Buffer.alloc(32, 7).toString('base64'),
    },
    denyNext: () => {
      server.service.once('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
        redirect.url.searchParams.delete('code');
        redirect.url.searchParams.set('error', 'access_denied');
      });
    },
    stop: () => server.stop(),
  };
}
