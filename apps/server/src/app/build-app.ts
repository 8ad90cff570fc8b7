import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { CONTENT_CHANGED_EVENT, type ContentChanged, contentChannel, SHARE_PAGE_PATH } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { installApiGate } from '#core/access/api-gate.ts';
import { systemRoutes } from '#core/config/config.routes.ts';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  DATABASE_UNAVAILABLE_RETRY_SECONDS,
} from '#core/db/database-unavailable-error.ts';
import { installBodyParsers } from '#core/http/body-parsers.ts';
import { installErrorHandler } from '#core/http/error-handler.ts';
import { installFormFieldNesting } from '#core/http/form-fields.ts';
import { registerMultipart } from '#core/http/multipart.ts';
import { API_PREFIX, plainJsonSerializer, registerRoutes } from '#core/http/register-routes.ts';
import { installRequestIds, requestId } from '#core/http/request-id.ts';
import { busboyLimits, REQUEST_LIMITS } from '#core/http/request-limits.ts';
import { installResponseCache } from '#core/http/response-cache.hooks.ts';
import type { RouteDefinition } from '#core/http/route.ts';
import { isListRoute } from '#core/list/list-routes.ts';
import { jobLogFields } from '#core/operations/log-context.ts';
import { realtimeConnectedSockets } from '#core/operations/metrics.ts';
import { installRequestMetrics } from '#core/operations/request-metrics.hooks.ts';
import { realtimeRoutes } from '#core/realtime/realtime.routes.ts';
import { recordActivity } from '#modules/account/activity/user-activity.repository.ts';
import { autodeskRoutes } from '#modules/account/autodesk/autodesk.routes.ts';
import { myAccountRoutes } from '#modules/account/my-account/my-account.routes.ts';
import { notificationRoutes } from '#modules/account/notifications/notification.routes.ts';
import { passwordResetRoutes } from '#modules/account/password-reset/password-reset.routes.ts';
import { authRoutes } from '#modules/account/sign-in/sign-in.routes.ts';
import { changelogRoutes } from '#modules/administration/changelog/changelog.routes.ts';
import { companyRoutes } from '#modules/administration/companies/company.routes.ts';
import { faqRoutes } from '#modules/administration/faq/faq.routes.ts';
import { feedbackReportRoutes } from '#modules/administration/feedback-reports/feedback-report.routes.ts';
import { issueReportRoutes } from '#modules/administration/issue-reports/issue-report.routes.ts';
import { licenceRoutes } from '#modules/administration/licences/licence.routes.ts';
import { maintenanceRoutes } from '#modules/administration/maintenance/maintenance.routes.ts';
import { designRoutes } from '#modules/content/designs/design.routes.ts';
import { globalSearchRoutes } from '#modules/content/global-search/global-search.routes.ts';
import { libraryRoutes } from '#modules/content/libraries/library.routes.ts';
import { libraryItemRoutes } from '#modules/content/library-items/library-item.routes.ts';
import { materialCategoryRoutes } from '#modules/content/material-categories/material-category.routes.ts';
import { materialRoutes } from '#modules/content/materials/material.routes.ts';
import { projectModelRoutes } from '#modules/content/project-models/project-model.routes.ts';
import { projectRoutes } from '#modules/content/projects/project.routes.ts';
import { shareLinkRoutes } from '#modules/content/share-links/share-link.routes.ts';
import { sharedViewRoutes } from '#modules/content/share-links/shared-view.routes.ts';
import { uploadRoutes } from '#modules/processing/uploads/upload.routes.ts';
import { registerUploadBodyParser } from '#modules/processing/uploads/upload-tus.ts';
import { groupRoutes } from '#modules/security/groups/group.routes.ts';
import { roleRoutes } from '#modules/security/roles/role.routes.ts';
import { myAccountResource } from '#modules/security/users/user.list.ts';
import { userRoutes } from '#modules/security/users/user.routes.ts';
import { downloadRoutes } from '#modules/tools/downloads/download.routes.ts';
import { labelRoutes } from '#modules/tools/labels/label.routes.ts';
import { propertyMapRoutes } from '#modules/tools/property-maps/property-map.routes.ts';
import { QUIET_ACTIVITY } from './quiet-activity.ts';
import { installSecurityHeaders } from './security-headers.ts';
import type { Services } from './services.ts';

/** Every API route of the product. A new resource adds its routes here. */
export function apiRoutes(services: Services): RouteDefinition[] {
  return [
    ...systemRoutes(services),
    ...authRoutes(services),
    ...companyRoutes(services),
    ...roleRoutes(services),
    ...userRoutes(services),
    ...groupRoutes(services),
    ...downloadRoutes(services),
    ...propertyMapRoutes(services),
    ...licenceRoutes(services),
    ...maintenanceRoutes(services),
    ...faqRoutes(services),
    ...issueReportRoutes(services),
    ...feedbackReportRoutes(services),
    ...changelogRoutes(services),
    ...notificationRoutes(services),
    ...myAccountRoutes(services, myAccountResource),
    ...autodeskRoutes(services),
    ...realtimeRoutes(services),
    ...passwordResetRoutes(services),
    ...labelRoutes(services),
    ...projectRoutes(services),
    ...projectModelRoutes(services),
    ...designRoutes(services),
    ...libraryRoutes(services),
    ...libraryItemRoutes(services),
    ...materialRoutes(services),
    ...materialCategoryRoutes(services),
    ...globalSearchRoutes(services),
    ...shareLinkRoutes(services),
    ...sharedViewRoutes(services),
    ...uploadRoutes(services),
  ];
}

/** How long `/readyz` waits for the database's answer. */
const READINESS_PROBE_TIMEOUT_MS = 2_000;

/** Routes added by plugins (docs) are public by declaration here. */
const PLUGIN_PUBLIC_PREFIXES = [`${API_PREFIX}/docs`];

export interface BuiltApp {
  app: FastifyInstance;
  /** Routes that declared no access rule; must be empty (a test checks it). */
  undeclaredRoutes: string[];
  /** First-request costs to pay once the server listens (list-routes.ts `warmUp`). */
  warmUps: ((fromRows?: number) => Promise<void>)[];
}

export interface BuildOptions {
  logger?: boolean;
  /** Where the log lines go (a test reads them); stdout by default. */
  logStream?: DestinationStream;
  /** Fail any answer that does not match its endpoint's schema (tests). */
  validateAnswers?: boolean;
  /**
   * Why the server is not ready yet (its warm-up is running), or null: `/readyz` answers 503 with
   * it until then. Without it, ready as soon as the database answers.
   */
  notReady?: () => string | null;
}

export async function buildApp(services: Services, options: BuildOptions = {}): Promise<BuiltApp> {
  const { config } = services;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, mixin: jobLogFields, ...(options.logStream ? { stream: options.logStream } : {}) },
    // `X-Request-Id` from the proxy when it looks like one; in every answer and log line of the request.
    genReqId: requestId,
    trustProxy: config.trustProxy,
    // Per kind of body in request-limits.ts; a route's multipart files add what its body declares.
    bodyLimit: REQUEST_LIMITS.bodyBytes,
    routerOptions: { ignoreTrailingSlash: true },
    // graceful-close.ts answers requests arriving during the drain, with `Connection: close`
    return503OnClosing: false,
  });
  // First: every answer, whichever hook or handler gives it, carries the id and is counted.
  installRequestIds(app);
  installRequestMetrics(app);
  const undeclaredRoutes: string[] = [];
  app.addHook('onRoute', (route) => {
    const declared =
      route.config?.access !== undefined || PLUGIN_PUBLIC_PREFIXES.some((prefix) => route.url.startsWith(prefix));
    if (!declared) undeclaredRoutes.push(`${String(route.method)} ${route.url}`);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(plainJsonSerializer);
  installErrorHandler(app);
  installSecurityHeaders(app, config.scheme === 'https');
  await app.register(fastifyCookie);
  installBodyParsers(app);
  // Routes outside registerRoutes (docs, health) take no files.
  await registerMultipart(app, busboyLimits({ bodyBytes: REQUEST_LIMITS.bodyBytes, files: 0, fileSize: 0 }));
  installFormFieldNesting(app);
  registerUploadBodyParser(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Meshport API', version: '2.0.0', description: 'The Meshport HTTP API.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'user_session' },
        },
      },
    },
    // A list's query is parsed by the list engine; its endpoint's query schema is shown here.
    transform: (input) => {
      const documented = input.route.config?.documentedQuery;
      return jsonSchemaTransform(
        documented ? { ...input, schema: { ...input.schema, querystring: documented } } : input,
      );
    },
    // Schemas with a zod id (the recursive ones) become `components.schemas`, which their `$ref`s name.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });

  installApiGate(app, services);
  // Socket.IO shares the HTTP server (same origin, path /socket.io); its sockets end before the server closes.
  services.realtime.attach(app.server);
  const unobserveSockets = realtimeConnectedSockets.observe(() => [
    { labels: {}, value: services.realtime.connectedSockets },
  ]);
  app.addHook('onClose', async () => unobserveSockets());
  app.addHook('preClose', () => services.realtime.close());
  installResponseCache(app, services.responseCache);
  await services.changes.start();
  app.addHook('onClose', () => services.changes.close());
  // Once the last request has ended: its uploads' locks go with the lock session.
  app.addHook('onClose', () => services.uploads.store.close());

  const routes = apiRoutes(services);
  const warmUps = routes.flatMap((route) => (isListRoute(route) && route.warmUp ? [route.warmUp] : []));
  registerRoutes(app, routes, {
    validateAnswers: options.validateAnswers === true,
    activity: { write: (entry) => recordActivity(services.database, entry, entry.action), quiet: QUIET_ACTIVITY },
    oneConnection: (work) => services.database.oneConnection(work),
    onChange: (companyId, resources) =>
      services.realtime.emit(contentChannel(companyId), CONTENT_CHANGED_EVENT, {
        resources: [...resources],
      } satisfies ContentChanged),
  });
  app.get('/v2/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, () => app.swagger());
  app.get('/healthz', { schema: { hide: true }, config: { access: 'public' } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true }, config: { access: 'public' } }, async (_request, reply) => {
    const waiting = options.notReady?.() ?? null;
    if (waiting) return reply.code(503).send({ message: waiting });
    // A load balancer stops sending while the database is away; a probe that cannot even get a
    // connection soon (a server that stopped answering) says so too, rather than hanging.
    let timer: NodeJS.Timeout | undefined;
    const probe = services.database.system.execute(sql`select 1`);
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer')), READINESS_PROBE_TIMEOUT_MS);
    });
    try {
      await Promise.race([probe, late]);
      return { status: 'ready' };
    } catch {
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_UNAVAILABLE_RETRY_SECONDS))
        .send({ message: DATABASE_UNAVAILABLE_MESSAGE });
    } finally {
      clearTimeout(timer);
    }
  });
  await registerWebApp(app, config.webDist);
  return { app, undeclaredRoutes, warmUps };
}

/** Any spelling of a path under /v2 (encoded, other case, doubled slashes): a JSON 404, not the web app. */
function looksLikeApiPath(url: string): boolean {
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    // a malformed escape: judge the raw text
  }
  const path = decoded.toLowerCase().replace(/\/+/g, '/');
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}

/** `/s/<token>`: the share page's path (SHARE_PAGE_PATH of the contract). */
const SHARE_PAGE = new RegExp(`^${SHARE_PAGE_PATH}/[^/]+/?$`);

/** The built single-page app for every path outside the API; deep links get index.html, share links share.html. */
async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  const hasSharePage = fs.existsSync(path.join(webDist, 'share.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      serve: true,
      // The build writes .br and .gz beside its scripts and pages (apps/web/build/precompress.plugin.ts).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (looksLikeApiPath(url) || request.method !== 'GET' || !hasWeb) {
      return reply.code(404).send({ message: `No route for ${request.method} ${url}` });
    }
    // A share link's page (issue 30): its own light entry, never indexed.
    if (SHARE_PAGE.test(url) && hasSharePage) {
      return reply
        .header('cache-control', 'no-cache')
        .header('x-robots-tag', 'noindex, nofollow')
        .header('referrer-policy', 'no-referrer')
        .type('text/html')
        .sendFile('share.html');
    }
    if (path.extname(url) && !url.endsWith('.html')) {
      return reply.code(404).send({ message: `No file ${url}` });
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
