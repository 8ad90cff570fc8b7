import { type ApiClient, signInEndpoints } from '@meshport/contract';
import { nodeClient } from '@meshport/contract/node-http';
import { BASE_DOMAIN } from './e2e-server.ts';
import { DEMO_PASSWORD, type DemoUsername, type Host } from './hosts.ts';

/**
 * The typed API client from the test process, on a tenant host, signed in with `token` (from
 * `apiLogin`) when given: `apiClient(port, host, token).call(endpoint, { params, query, body })`
 * rejects with ApiError outside 2xx; `.count(listEndpoint, { query })` answers a list's count.
 * Node does not resolve *.localhost names, so requests go to 127.0.0.1 with the host in the
 * Host header.
 */
export function apiClient(port: number, host: Host, token?: string): ApiClient {
  return nodeClient({
    baseUrl: `http://127.0.0.1:${port}`,
    host: `${host}.${BASE_DOMAIN}:${port}`,
    ...(token ? { token } : {}),
  });
}

/** Signs a demo user in through the API and returns the bearer token (README: issue_token). */
export async function apiLogin(port: number, host: Host, username: DemoUsername): Promise<string> {
  const answer = await apiClient(port, host).call(signInEndpoints.login, {
    body: { identity: username, password: DEMO_PASSWORD, issue_token: true },
  });
  if (!answer.access_token) throw new Error(`API login of ${username} answered without a token`);
  return answer.access_token;
}
