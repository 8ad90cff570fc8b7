import http from 'node:http';
import { BASE_DOMAIN } from './e2e-server.ts';
import { DEMO_PASSWORD, type DemoUsername, type Host } from './hosts.ts';

export interface ApiResponse<T> {
  status: number;
  body: T;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  json?: unknown;
  /** Bearer token from `apiLogin`. */
  token?: string;
}

/**
 * A call to the server's API from the test process, on a tenant host. Node does not resolve
 * *.localhost names, so the request goes to 127.0.0.1 with the host in the Host header.
 */
export function apiRequest<T = unknown>(
  port: number,
  host: Host,
  path: string,
  options: ApiRequestOptions = {},
): Promise<ApiResponse<T>> {
  const payload = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers: Record<string, string> = { host: `${host}.${BASE_DOMAIN}:${port}`, accept: 'application/json' };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path, method: options.method ?? (payload ? 'POST' : 'GET'), headers },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, body: (text ? JSON.parse(text) : null) as T });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on('error', reject);
    if (payload !== undefined) request.write(payload);
    request.end();
  });
}

/** Signs a demo user in through the API and returns the bearer token (README: issue_token). */
export async function apiLogin(port: number, host: Host, username: DemoUsername): Promise<string> {
  const response = await apiRequest<{ access_token?: string }>(port, host, '/v2/login', {
    json: { identity: username, password: DEMO_PASSWORD, issue_token: true },
  });
  if (response.status !== 200 || !response.body.access_token) {
    throw new Error(`API login of ${username} answered ${response.status}`);
  }
  return response.body.access_token;
}
