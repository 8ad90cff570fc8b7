import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The metrics as Prometheus reads them. */
export interface MetricsText {
  contentType: string;
  body: string;
}

/** An operator path's handler: it answers `response` itself (any method it accepts). */
export type OperatorHandler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

export interface OperatorServerOptions {
  host: string;
  /** 0: a free port (tests); `OperatorServer.port` says which. */
  port: number;
  /** This process's metrics, or in a cluster's primary the workers' added together. */
  metrics: () => Promise<MetricsText>;
  /** More paths (`/backup`, …) beside `/metrics` and `/healthz`; `route` adds more later. */
  routes?: Readonly<Record<string, OperatorHandler>>;
  log: { error(details: Record<string, unknown>, msg: string): void };
}

export interface OperatorServer {
  url: string;
  port: number;
  /** Adds a path (or replaces its handler). */
  route(path: string, handler: OperatorHandler): void;
  close(): Promise<void>;
}

/**
 * The listener only operators reach (decision 0054): its own port, on loopback unless told
 * otherwise, never the public one; plain node:http, so that it answers while the app's
 * listener is draining or not started. `GET /metrics` (Prometheus text), `GET /healthz`, and
 * the paths given. No session and no tenant: reaching the port is the permission.
 */
export async function startOperatorServer(options: OperatorServerOptions): Promise<OperatorServer> {
  const routes = new Map<string, OperatorHandler>([
    ['/metrics', metricsHandler(options.metrics)],
    ['/healthz', (_request, response) => sendText(response, 200, 'application/json', '{"status":"ok"}')],
    ...Object.entries(options.routes ?? {}),
  ]);
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const handler = routes.get(path);
    if (!handler) return sendText(response, 404, 'text/plain', `No operator path ${path}\n`);
    Promise.resolve()
      .then(() => handler(request, response))
      .catch((error: unknown) => {
        options.log.error({ err: error, path }, 'operator request failed');
        if (!response.headersSent) sendText(response, 500, 'text/plain', 'Failed; see the server log.\n');
        else response.destroy();
      });
  });
  // A scraper keeps its connection open between scrapes; a stuck client gets no more than this.
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => options.log.error({ err: error }, 'operator listener error'));
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    port,
    route: (path, handler) => {
      routes.set(path, handler);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function metricsHandler(metrics: () => Promise<MetricsText>): OperatorHandler {
  return async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('allow', 'GET, HEAD');
      return sendText(response, 405, 'text/plain', 'GET or HEAD\n');
    }
    const { contentType, body } = await metrics();
    // Node leaves out the body of an answer to HEAD.
    sendText(response, 200, contentType, body);
  };
}

function sendText(response: ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, {
    'content-type': contentType,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  response.end(body);
}
