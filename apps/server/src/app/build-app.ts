import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { installApiGate } from '../access/api-gate.ts';
import { authRoutes } from '../auth/auth.routes.ts';
import { changelogRoutes } from '../changelog/changelog.routes.ts';
import { companyRoutes } from '../companies/company.routes.ts';
import { downloadRoutes } from '../downloads/download.routes.ts';
import { faqRoutes } from '../faq/faq.routes.ts';
import { feedbackReportRoutes } from '../feedback-reports/feedback-report.routes.ts';
import { globalSearchRoutes } from '../global-search/global-search.routes.ts';
import { groupRoutes } from '../groups/group.routes.ts';
import { installErrorHandler } from '../http/error-handler.ts';
import { registerMultipart } from '../http/multipart.ts';
import { API_PREFIX, registerRoutes } from '../http/register-routes.ts';
import { installResponseCache } from '../http/response-cache.hooks.ts';
import type { RouteDefinition } from '../http/route.ts';
import { issueReportRoutes } from '../issue-reports/issue-report.routes.ts';
import { labelRoutes } from '../labels/label.routes.ts';
import { libraryRoutes } from '../libraries/library.routes.ts';
import { libraryItemRoutes } from '../library-items/library-item.routes.ts';
import { licenceRoutes } from '../licences/licence.routes.ts';
import { maintenanceRoutes } from '../maintenance/maintenance.routes.ts';
import { materialCategoryRoutes } from '../material-categories/material-category.routes.ts';
import { materialRoutes } from '../materials/material.routes.ts';
import { notificationRoutes } from '../notifications/notification.routes.ts';
import { passwordResetRoutes } from '../password-reset/password-reset.routes.ts';
import { projectModelRoutes } from '../project-models/project-model.routes.ts';
import { projectRoutes } from '../projects/project.routes.ts';
import { propertyMapRoutes } from '../property-maps/property-map.routes.ts';
import { realtimeRoutes } from '../realtime/realtime.routes.ts';
import { roleRoutes } from '../roles/role.routes.ts';
import { systemRoutes } from '../system/system.routes.ts';
import { userRoutes } from '../users/user.routes.ts';
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
    ...realtimeRoutes(services),
    ...passwordResetRoutes(services),
    ...labelRoutes(services),
    ...projectRoutes(services),
    ...projectModelRoutes(services),
    ...libraryRoutes(services),
    ...libraryItemRoutes(services),
    ...materialRoutes(services),
    ...materialCategoryRoutes(services),
    ...globalSearchRoutes(services),
  ];
}

/** Routes added by plugins (docs) are public by declaration here. */
const PLUGIN_PUBLIC_PREFIXES = [`${API_PREFIX}/docs`];

export interface BuiltApp {
  app: FastifyInstance;
  /** Routes that declared no access rule; must be empty (a test checks it). */
  undeclaredRoutes: string[];
}

export async function buildApp(services: Services, options: { logger?: boolean } = {}): Promise<BuiltApp> {
  const { config } = services;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // graceful-close.ts answers requests arriving during the drain, with `Connection: close`
    return503OnClosing: false,
  });
  const undeclaredRoutes: string[] = [];
  app.addHook('onRoute', (route) => {
    const declared =
      route.config?.access !== undefined || PLUGIN_PUBLIC_PREFIXES.some((prefix) => route.url.startsWith(prefix));
    if (!declared) undeclaredRoutes.push(`${String(route.method)} ${route.url}`);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installSecurityHeaders(app, config.scheme === 'https');
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await registerMultipart(app, { fileSize: 50 * 1024 * 1024, files: 10, fields: 1000 });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Meshport API', version: '2.0.0', description: 'The Meshport HTTP API (DESIGN §4).' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'user_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });

  installApiGate(app, services);
  // Socket.IO shares the HTTP server (same origin, path /socket.io); its sockets end before the server closes.
  services.realtime.attach(app.server);
  app.addHook('preClose', () => services.realtime.close());
  installResponseCache(app, services.responseCache, services.changes);
  await services.changes.start();
  app.addHook('onClose', () => services.changes.close());

  registerRoutes(app, apiRoutes(services));
  app.get('/v2/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, () => app.swagger());
  app.get('/healthz', { schema: { hide: true }, config: { access: 'public' } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true }, config: { access: 'public' } }, async (_request, reply) => {
    try {
      await services.database.system.execute(sql`select 1`);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ message: 'Database not reachable' });
    }
  });
  await registerWebApp(app, config.webDist);
  return { app, undeclaredRoutes };
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

/** The built single-page app for every path outside the API; deep links get index.html. */
async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      serve: true,
      preCompressed: false,
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
    if (path.extname(url) && !url.endsWith('.html')) {
      return reply.code(404).send({ message: `No file ${url}` });
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
