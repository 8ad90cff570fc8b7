/**
 * Debian's nginx (scripts/ensure-nginx.sh) in front of test servers, with the shipped example
 * configuration (`deploy/nginx/meshport.conf.example`): its placeholders filled in, included in a
 * minimal http block whose paths all lie in a temporary folder. nginx runs in the foreground, as
 * a child of the test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, tail, tempDir } from './meshport-process.ts';

export const NGINX_EXAMPLE = path.join(REPO_ROOT, 'deploy/nginx/meshport.conf.example');
const NGINX_BINARY = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate)) ?? 'nginx';
const STOP_GRACE_MS = 5_000;

/** The example with `{{NAME}}` replaced by `values[NAME]`; every placeholder must have a value. */
export function renderNginxExample(values: Record<string, string>): string {
  const text = fs.readFileSync(NGINX_EXAMPLE, 'utf8');
  const missing = new Set<string>();
  const rendered = text.replace(/\{\{([A-Z0-9_]+)\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) missing.add(name);
    return value ?? '';
  });
  if (missing.size > 0) throw new Error(`no value for ${[...missing].join(', ')} in ${NGINX_EXAMPLE}`);
  return rendered;
}

export interface NginxProxy {
  port: number;
  /** What nginx wrote to stderr (its error log). */
  output(): string;
  /** The access log (`log_format meshport`). */
  accessLog(): string;
  stop(): Promise<void>;
}

/** nginx on 127.0.0.1:`port` in front of the api processes at `apis` (host:port). */
export async function startNginx(options: { port: number; apis: string[]; baseDomain: string }): Promise<NginxProxy> {
  const dir = tempDir('nginx');
  // Worker processes of an nginx started as root run as nobody: they must reach the temp folders.
  fs.chmodSync(dir, 0o755);
  const [api1, api2] = options.apis;
  if (!api1 || !api2 || options.apis.length !== 2) throw new Error('the example lists two api processes');
  const accessLog = path.join(dir, 'access.log');
  fs.writeFileSync(
    path.join(dir, 'meshport.conf'),
    renderNginxExample({
      LISTEN: `127.0.0.1:${options.port}`,
      BASE_DOMAIN: options.baseDomain,
      API_1: api1,
      API_2: api2,
      ACCESS_LOG: accessLog,
    }),
  );
  const temp = (name: string) => path.join(dir, name);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
events { worker_connections 1024; }
http {
    client_body_temp_path ${temp('client_body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
    include ${path.join(dir, 'meshport.conf')};
}
`,
  );
  const child: ChildProcess = spawn(
    NGINX_BINARY,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', `daemon off; pid ${temp('nginx.pid')}; error_log stderr;`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > 1_000_000) output = output.slice(-500_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const spawnFailed = new Promise<Error>((resolve) => child.once('error', resolve));
  const proxy: NginxProxy = {
    port: options.port,
    output: () => output,
    accessLog: () => (fs.existsSync(accessLog) ? fs.readFileSync(accessLog, 'utf8') : ''),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        // QUIT: finish the requests in flight, then exit.
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    const failed = await Promise.race([spawnFailed, new Promise<null>((resolve) => setTimeout(resolve, 50, null))]);
    if (failed) throw new Error(`nginx did not start (${failed.message}): run scripts/ensure-nginx.sh`);
    if (child.exitCode !== null) throw new Error(`nginx exited at start:\n${tail(output)}`);
    if (fs.existsSync(temp('nginx.pid'))) return proxy;
    if (Date.now() > deadline) {
      await proxy.stop();
      throw new Error(`nginx did not start within 10 s:\n${tail(output)}`);
    }
  }
}
