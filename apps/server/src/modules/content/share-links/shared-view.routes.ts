import {
  SHARE_LINK_NOT_FOUND,
  SHARE_PASSWORD_REQUIRED,
  SHARE_PASSWORD_WRONG,
  type SharedView,
  sharedViewEndpoints,
} from '@meshport/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { verifyPassword } from '#core/auth/password.ts';
import type { CoreServices } from '#core/core-services.ts';
import { runWriting } from '#core/db/read-only-scope.ts';
import { HttpError, notFound, ValidationError } from '#core/http/http-error.ts';
import type { RequestTenant } from '#core/http/request-context.ts';
import { defineRoute } from '#core/http/route.ts';
import { recordActivity } from '#modules/account/activity/user-activity.repository.ts';
import { presentPublicCompany } from '#modules/administration/companies/company.presenter.ts';
import { slotMaterialFiles } from '#modules/content/project-models/project-model-material-slots.service.ts';
import { storedImageType } from '#modules/content/shared/content-read.routes.ts';
import {
  countOpen,
  granted,
  issueGrant,
  type OpenLink,
  openLink,
  SHARE_GRANT_SECONDS,
  sharedModel,
  sharedSlots,
} from './share-link.service.ts';

/** The cookie that carries a password link's grant, sent only to that link's calls (its path). */
const GRANT_COOKIE = 'share_grant';
const TOO_MANY_GUESSES = 'Too many attempts.';
const TOO_MANY_PASSWORDS = 'Too many wrong passwords.';

/**
 * The public calls of the share page (issue 30): the token in the path is the only key, on the company's host.
 * A wrong, revoked and expired token answer the same 404, and wrong tokens are counted per client address
 * (429 beyond the limit, before any lookup). Nothing here reads a session, and the token opens nothing else.
 */
export function sharedViewRoutes(services: CoreServices) {
  const { database, rateLimiter } = services;

  /** The live link of the token on this host, and whether this request may use it (its password given). */
  async function live(request: FastifyRequest, tenant: RequestTenant | null, token: string, reply: FastifyReply) {
    reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
    const guesses = `share-token-address:${request.ip}`;
    await rateLimiter.refuseWhenOver(guesses, TOO_MANY_GUESSES);
    const companyId = tenant?.company.id;
    const link =
      companyId === undefined ? null : await database.tenant({ companyId }, (tx) => openLink(tx, companyId, token));
    if (!tenant || companyId === undefined || !link) {
      await rateLimiter.countFailure(guesses, TOO_MANY_GUESSES);
      throw notFound(SHARE_LINK_NOT_FOUND);
    }
    const cookies = request.cookies as Record<string, string | undefined> | undefined;
    return { tenant, companyId, link, open: granted(link, cookies?.[GRANT_COOKIE]) };
  }

  /** A link whose password was given (or that has none); 401 otherwise. */
  async function openTo(request: FastifyRequest, tenant: RequestTenant | null, token: string, reply: FastifyReply) {
    const found = await live(request, tenant, token, reply);
    if (!found.open) throw new HttpError(401, SHARE_PASSWORD_REQUIRED);
    return found;
  }

  const sendFile = (reply: FastifyReply, key: string, type: string, cache: string) =>
    reply
      .type(type)
      .header('cache-control', cache)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(services.storage.read(key));

  /** A finish's files only for a material one of the shared slots offers. */
  async function finishFiles(companyId: number, link: OpenLink, token: string, name: string) {
    return database.tenant({ companyId }, async (tx) => {
      const slots = await sharedSlots(tx, companyId, link, token);
      if (!slots.some((slot) => slot.materials.some((material) => material.name === name))) return null;
      return slotMaterialFiles(tx, companyId, link.modelId, name);
    });
  }

  return [
    defineRoute(sharedViewEndpoints.view, {
      access: 'public',
      async handler({ tenant, params, request, reply }) {
        const { companyId, link, open } = await live(request, tenant, params.token, reply);
        reply.header('cache-control', 'private, no-store');
        const { name, logo, colors, theme } = presentPublicCompany(tenant?.company ?? never(), 'customerportal');
        const company = { name, logo, colors, theme };
        if (!open) return { data: { locked: true as const, company } };
        const data = await database.tenant({ companyId }, async (tx): Promise<SharedView | null> => {
          const model = await sharedModel(tx, companyId, link);
          if (!model) return null;
          const slots = await sharedSlots(tx, companyId, link, params.token);
          const base = `/v2/shared/${params.token}`;
          return {
            locked: false,
            company,
            name: model.name,
            model: {
              name: model.modelName,
              glb_url: `${base}/files/glb`,
              lite_glb_url: model.liteGlbKey ? `${base}/files/lite-glb` : null,
              preview_image_url: model.previewPath ? `${base}/preview-image` : null,
              dimensions_m: model.dimensions,
            },
            slots,
            allow_configure: link.allowConfigure,
            expires_at: link.expiresAt,
          };
        });
        if (!data || data.locked) throw notFound(SHARE_LINK_NOT_FOUND);
        // An open of the page (not each file it loads) is counted, and shown in the sharer's activity: writes of a GET.
        const sharedName = data.name;
        await runWriting(async () => {
          await database.tenant({ companyId }, (tx) => countOpen(tx, companyId, link.id));
          await recordActivity(database, { companyId, accountId: link.createdBy }, `Share link opened: ${sharedName}`);
        });
        return { data };
      },
    }),
    defineRoute(sharedViewEndpoints.unlock, {
      access: 'public',
      async handler({ tenant, params, body, request, reply }) {
        const { link } = await live(request, tenant, params.token, reply);
        reply.header('cache-control', 'private, no-store');
        if (link.passwordHash !== null) {
          // Per link at this address, per link everywhere, and per address: as sign-in attempts are counted.
          const attempt = await rateLimiter.begin(null, `share-link:${link.id}`, request.ip).catch((error: unknown) => {
            if (!(error instanceof HttpError) || error.statusCode !== 429) throw error;
            throw new HttpError(
              429,
              `${TOO_MANY_PASSWORDS} ${error.message.replace(/^.*?\. /, '')}`,
              {},
              error.headers,
            );
          });
          if (!(await verifyPassword(link.passwordHash, body.password))) {
            throw new ValidationError({ password: [SHARE_PASSWORD_WRONG] });
          }
          await rateLimiter.succeeded(attempt);
        }
        reply.setCookie(GRANT_COOKIE, issueGrant(link), {
          path: `/v2/shared/${params.token}`,
          httpOnly: true,
          sameSite: 'strict',
          secure: services.config.scheme === 'https',
          maxAge: SHARE_GRANT_SECONDS,
        });
        return { unlocked: true as const };
      },
    }),
    defineRoute(sharedViewEndpoints.glb, {
      access: 'public',
      ownQueryParsing: true,
      async handler({ tenant, params, request, reply }) {
        const { companyId, link } = await openTo(request, tenant, params.token, reply);
        const model = await database.tenant({ companyId }, (tx) => sharedModel(tx, companyId, link));
        if (!model?.glbKey || !(await services.storage.exists(model.glbKey))) throw notFound(SHARE_LINK_NOT_FOUND);
        return sendFile(reply, model.glbKey, 'model/gltf-binary', 'private, no-cache');
      },
    }),
    defineRoute(sharedViewEndpoints.liteGlb, {
      access: 'public',
      ownQueryParsing: true,
      async handler({ tenant, params, request, reply }) {
        const { companyId, link } = await openTo(request, tenant, params.token, reply);
        const model = await database.tenant({ companyId }, (tx) => sharedModel(tx, companyId, link));
        const key = model?.liteGlbKey;
        if (!key || !(await services.storage.exists(key))) throw notFound(SHARE_LINK_NOT_FOUND);
        return sendFile(reply, key, 'model/gltf-binary', 'private, no-cache');
      },
    }),
    defineRoute(sharedViewEndpoints.previewImage, {
      access: 'public',
      ownQueryParsing: true,
      async handler({ tenant, params, request, reply }) {
        const { companyId, link } = await openTo(request, tenant, params.token, reply);
        const model = await database.tenant({ companyId }, (tx) => sharedModel(tx, companyId, link));
        const key = model?.previewPath;
        if (!key || !(await services.storage.exists(key))) throw notFound(SHARE_LINK_NOT_FOUND);
        return sendFile(reply, key, storedImageType(key), 'private, max-age=3600');
      },
    }),
    defineRoute(sharedViewEndpoints.materialMap, {
      access: 'public',
      ownQueryParsing: true,
      async handler({ tenant, params, request, reply }) {
        const { companyId, link } = await openTo(request, tenant, params.token, reply);
        const files = await finishFiles(companyId, link, params.token, params.name);
        const key = files?.maps[params.map]?.key ?? files?.baseMaps?.[params.map]?.key;
        if (!key || !(await services.storage.exists(key))) throw notFound(SHARE_LINK_NOT_FOUND);
        return sendFile(reply, key, 'image/webp', 'private, max-age=86400');
      },
    }),
    defineRoute(sharedViewEndpoints.materialPreview, {
      access: 'public',
      ownQueryParsing: true,
      async handler({ tenant, params, request, reply }) {
        const { companyId, link } = await openTo(request, tenant, params.token, reply);
        const files = await finishFiles(companyId, link, params.token, params.name);
        const key = files?.previewPath;
        if (!key || !(await services.storage.exists(key))) throw notFound(SHARE_LINK_NOT_FOUND);
        return sendFile(reply, key, storedImageType(key), 'private, max-age=86400');
      },
    }),
  ];
}

function never(): never {
  throw notFound(SHARE_LINK_NOT_FOUND);
}
