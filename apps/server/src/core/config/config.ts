import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from '#core/config/server-paths.ts';
import type { S3Settings } from '#core/storage/s3-storage.ts';

const booleanText = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

/** `TRUST_PROXY=true`: proxies on this machine or a private network (proxy-addr's names). */
const PRIVATE_PROXIES = ['loopback', 'linklocal', 'uniquelocal'];

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  BASE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/, 'must be a host name such as meshport.localhost')
    .optional(),
  // Empty (`METRICS_PORT=` in a file of settings) is unset, not port 0.
  METRICS_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(0).max(65535).optional(),
  ),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  SERVE_ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  BACKGROUND_NICENESS: z.coerce.number().int().min(0).max(19).default(19),
  JOB_POLLING_SECONDS: z.coerce.number().min(0.5).max(600).default(2),
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(20),
  DATABASE_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(5_000),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  RESPONSE_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
  SEED_DEMO: booleanText.default(true),
  DEMO_MODELS: booleanText.default(true),
  WEB_DIST: z.string().default('apps/web/dist'),
  TRUST_PROXY: z
    .union([
      booleanText.transform((trusted) => (trusted ? PRIVATE_PROXIES : false)),
      z
        .string()
        .regex(
          /^([0-9a-fA-F.:]+(\/\d{1,3})?|loopback|linklocal|uniquelocal)(\s*,\s*([0-9a-fA-F.:]+(\/\d{1,3})?|loopback|linklocal|uniquelocal))*$/,
          'must be true, false, or proxy addresses and CIDR ranges separated by commas',
        )
        .transform((list) => list.split(',').map((entry) => entry.trim())),
    ])
    .optional(),
  PUBLIC_URL_SCHEME: z.enum(['http', 'https']).optional(),
  PUBLIC_URL: z
    .url()
    .regex(
      /^https?:\/\/[a-z0-9.-]+(:\d+)?\/?$/,
      'must be scheme, host and port only, such as https://meshport.example.com',
    )
    .optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Meshport <no-reply@meshport.localhost>'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 ** 3),
  UPLOAD_EXPIRE_HOURS: z.coerce.number().positive().max(8760).default(24),
  UPLOAD_IDLE_SECONDS: z.coerce.number().positive().max(86_400).default(600),
  UPLOAD_UNFINISHED_MAX: z.coerce.number().int().min(1).max(10_000).default(10),
  COMPANY_STORAGE_QUOTA_GB: z.coerce.number().positive().max(1_000_000).default(100),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanText.default(true),
  CONVERTER_MEMORY_MB: z.coerce.number().int().min(128).max(65536).default(1024),
  CONVERTER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86400).default(300),
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  AUTODESK_AUTHORIZE_URL: z.url().default('https://developer.api.autodesk.com/authentication/v2/authorize'),
  AUTODESK_TOKEN_URL: z.url().default('https://developer.api.autodesk.com/authentication/v2/token'),
  AUTODESK_REVOKE_URL: z.url().default('https://developer.api.autodesk.com/authentication/v2/revoke'),
  AUTODESK_CLIENT_ID: z.string().min(1).optional(),
  AUTODESK_CLIENT_SECRET: z.string().min(1).optional(),
  AUTODESK_SCOPES: z
    .string()
    .regex(/^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/, 'must be scopes separated by single spaces')
    .default('data:read viewables:read'),
  AUTODESK_CALLBACK_URL: z.url().optional(),
  AUTODESK_TOKEN_KEY: z
    .string()
    .refine(
      (value) => Buffer.from(value, 'base64').length === 32,
      'must be 32 bytes in base64 (openssl rand -base64 32)',
    )
    .optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Server processes sharing the port (docs/decisions/0013); more than one needs DATABASE_URL. */
  workers: number;
  /**
   * What `serve` runs (`--role` or SERVE_ROLE, docs/decisions/0016): `api` answers HTTP and enqueues jobs,
   * `worker` works jobs and answers no HTTP, `all` both. Other than `all` needs DATABASE_URL.
   */
  role: 'api' | 'worker' | 'all';
  /**
   * The CPU niceness of background work (0–19, higher yields more): the job process of a
   * cluster or `--role worker`, and the converter's process everywhere (decision 0028).
   */
  backgroundNiceness: number;
  /** How often an idle job worker looks for work. */
  jobPollingSeconds: number;
  /** How often runs of dead workers are failed for a retry (and old jobs archived). */
  jobMaintenanceSeconds: number;
  /** Database connections of all workers together. */
  databasePoolSize: number;
  /** Embedded database: how long a statement may wait for the connection before the request gets 503. */
  databaseQueueTimeoutMs: number;
  baseDomain: string;
  /**
   * The port people reach the pages on (`PUBLIC_URL`'s, else PORT); null when it is the scheme's
   * default. Links in mails are built from scheme, base domain and this port, never from a request.
   */
  publicPort: number | null;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /**
   * The operator listener (`GET /metrics`, decision 0054): METRICS_PORT on METRICS_HOST
   * (loopback by default); null: none. Never the public port.
   */
  metrics: { port: number; host: string } | null;
  sessionIdleMinutes: number;
  /** Memory for cached read answers (docs/decisions/0012); 0 turns the cache off. */
  responseCacheBytes: number;
  seedDemo: boolean;
  /** Whether a start after the demo seed makes the demo's 3D content through the API (DEMO_MODELS; off in tests that need none). */
  demoModels: boolean;
  webDist: string;
  /**
   * The proxies whose `X-Forwarded-For` is believed for the client address (TRUST_PROXY): false,
   * none; `true`, proxies on loopback or private addresses; or their addresses and CIDR ranges.
   * The address is the first one, walking back from the connection, that is not such a proxy: a
   * client cannot choose it by sending the header (the sign-in limiter counts per address).
   */
  trustProxy: false | string[];
  scheme: 'http' | 'https';
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Largest upload accepted (tus `Upload-Length`), in bytes. */
  uploadMaxBytes: number;
  /** Unfinished uploads are removed this long after they were created (job `uploads.expire`). */
  uploadExpireHours: number;
  /** An unfinished upload lapses (stops counting against the quota, answers 410) when no byte arrives for this long. */
  uploadIdleSeconds: number;
  /** Unfinished uploads an account may have open in a company at once. */
  uploadUnfinishedMax: number;
  /** Storage a company's uploads may take, unless `companies.storage_quota_bytes` says otherwise. */
  companyStorageQuotaBytes: number;
  /** S3-compatible object storage for every file and upload (S3_BUCKET set); null: a folder under DATA_DIR. */
  s3: S3Settings | null;
  /** The contained converter's limits (issue 11): resident memory and time per file. */
  converter: { memoryMb: number; timeoutMs: number; niceness: number };
  /** The browser that renders previews (Debian's chromium). */
  chromiumPath: string;
  /** The Autodesk integration's OAuth 2 client (docs/decisions/0026). */
  autodesk: AutodeskSettings;
};

export interface AutodeskSettings {
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** Null: no client is registered, connecting answers 409. */
  clientId: string | null;
  /** Null: a public client (PKCE alone); otherwise sent with HTTP Basic authentication. */
  clientSecret: string | null;
  /** The scopes asked for; a grant lacking one of them must be renewed. */
  scopes: string[];
  /** The one callback address registered at the provider; null: the host the connection starts on. */
  callbackUrl: string | null;
  /** The AES-256-GCM key of the tokens at rest; set whenever clientId is. */
  tokenKey: Buffer | null;
}

export class ConfigError extends Error {}

const DEFAULT_PORTS = { http: 80, https: 443 } as const;

/**
 * Where people reach the server: `PUBLIC_URL` (scheme, base domain, port), else PUBLIC_URL_SCHEME,
 * BASE_DOMAIN and PORT. Settings that contradict PUBLIC_URL are refused rather than guessed between.
 */
function publicAddress(e: z.output<typeof envSchema>) {
  if (!e.PUBLIC_URL) {
    const scheme = e.PUBLIC_URL_SCHEME ?? 'http';
    const baseDomain = e.BASE_DOMAIN ?? 'meshport.localhost';
    return { scheme, baseDomain, port: e.PORT === DEFAULT_PORTS[scheme] ? null : e.PORT };
  }
  const url = new URL(e.PUBLIC_URL);
  const scheme = url.protocol === 'https:' ? 'https' : 'http';
  const contradictions = [
    e.PUBLIC_URL_SCHEME && e.PUBLIC_URL_SCHEME !== scheme ? 'PUBLIC_URL_SCHEME' : null,
    e.BASE_DOMAIN && e.BASE_DOMAIN !== url.hostname ? 'BASE_DOMAIN' : null,
  ].filter((name) => name !== null);
  if (contradictions.length) {
    throw new ConfigError(
      `Invalid configuration:\n${contradictions.map((name) => `  ${name}: contradicts PUBLIC_URL`).join('\n')}`,
    );
  }
  return { scheme, baseDomain: url.hostname, port: url.port ? Number(url.port) : null } as const;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const base = env.INIT_CWD ?? REPO_ROOT;
  // The embedded database belongs to one process; on a server, one process per core up to 4.
  const workers = e.WORKERS ?? (e.DATABASE_URL ? Math.min(availableParallelism(), 4) : 1);
  if (workers > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  WORKERS: more than one worker needs DATABASE_URL (the embedded database belongs to one process)',
    );
  }
  if (e.SERVE_ROLE !== 'all' && !e.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  SERVE_ROLE (--role): --role ${e.SERVE_ROLE} needs DATABASE_URL (the embedded database has one connection and its data folder belongs to one process: run --role all)`,
    );
  }
  if (e.AUTODESK_CLIENT_ID && !e.AUTODESK_TOKEN_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTODESK_TOKEN_KEY: required with AUTODESK_CLIENT_ID (the tokens are stored encrypted with it)',
    );
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(
      'Invalid configuration:\n  METRICS_PORT: must differ from PORT (the metrics are for operators, never on the public port)',
    );
  }
  const publicUrl = publicAddress(e);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(base, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    workers,
    role: e.SERVE_ROLE,
    backgroundNiceness: e.BACKGROUND_NICENESS,
    jobPollingSeconds: e.JOB_POLLING_SECONDS,
    jobMaintenanceSeconds: e.JOB_MAINTENANCE_SECONDS,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseQueueTimeoutMs: e.DATABASE_QUEUE_TIMEOUT_MS,
    baseDomain: publicUrl.baseDomain,
    publicPort: publicUrl.port,
    logLevel: e.LOG_LEVEL,
    metrics: e.METRICS_PORT === undefined ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    responseCacheBytes: Math.round(e.RESPONSE_CACHE_MB * 1024 * 1024),
    seedDemo: e.SEED_DEMO,
    demoModels: e.DEMO_MODELS,
    webDist: path.resolve(REPO_ROOT, e.WEB_DIST),
    trustProxy: e.TRUST_PROXY ?? false,
    scheme: publicUrl.scheme,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadExpireHours: e.UPLOAD_EXPIRE_HOURS,
    uploadIdleSeconds: e.UPLOAD_IDLE_SECONDS,
    uploadUnfinishedMax: e.UPLOAD_UNFINISHED_MAX,
    companyStorageQuotaBytes: Math.round(e.COMPANY_STORAGE_QUOTA_GB * 1024 ** 3),
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : null,
    converter: {
      memoryMb: e.CONVERTER_MEMORY_MB,
      timeoutMs: e.CONVERTER_TIMEOUT_SECONDS * 1000,
      niceness: e.BACKGROUND_NICENESS,
    },
    chromiumPath: e.CHROMIUM_PATH,
    autodesk: {
      authorizeUrl: e.AUTODESK_AUTHORIZE_URL,
      tokenUrl: e.AUTODESK_TOKEN_URL,
      revokeUrl: e.AUTODESK_REVOKE_URL,
      clientId: e.AUTODESK_CLIENT_ID ?? null,
      clientSecret: e.AUTODESK_CLIENT_SECRET ?? null,
      scopes: e.AUTODESK_SCOPES.split(' '),
      callbackUrl: e.AUTODESK_CALLBACK_URL ?? null,
      tokenKey: e.AUTODESK_TOKEN_KEY ? Buffer.from(e.AUTODESK_TOKEN_KEY, 'base64') : null,
    },
  };
}
