import { z } from 'zod';
import { defineEndpoint, defineListEndpoint } from '../endpoint.ts';
import { idParamsSchema, idSchema } from '../ids.ts';
import { MATERIAL_MAP_KINDS } from '../material-maps.ts';
import {
  SHARE_LINK_STATUSES,
  sharedUnlockSchema,
  sharedViewAnswerSchema,
  shareLinkCreatedSchema,
  shareLinkCreateSchema,
  shareLinkRowSchema,
  shareTokenParamsSchema,
} from '../share-links.ts';
import { binaryAnswerSchema } from './shared.endpoints.ts';

const materialFileParams = shareTokenParamsSchema.extend({ name: z.string().min(1).max(255) });

/** Share links (issue 30): made and revoked by members; opened by anyone with the token. */
export const shareLinkEndpoints = {
  list: defineListEndpoint({
    path: '/share-links',
    summary: 'Share links: one’s own, or everyone’s with manage-share-links',
    tags: ['share links'],
    row: shareLinkRowSchema,
    sorts: ['created_at', 'expires_at', 'opens'],
    filters: {
      project_model_id: idSchema,
      design_id: idSchema,
      status: z.enum(SHARE_LINK_STATUSES),
    },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/share-links',
    summary:
      'Shares a finished model or a design by a link: its address (with the token) is answered this once, only the token’s SHA-256 is kept',
    tags: ['share links'],
    body: shareLinkCreateSchema,
    answer: shareLinkCreatedSchema,
    status: 201,
    activity: 'Created a share link',
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/share-links/:id',
    summary: 'Revokes a share link (one’s own, or any with manage-share-links): it answers 404 from then on',
    tags: ['share links'],
    params: idParamsSchema,
    answer: z.object({ data: shareLinkRowSchema }),
    activity: 'Revoked a share link',
  }),
};

/** The public calls of the share page: the token is the only key, and opens nothing else. */
export const sharedViewEndpoints = {
  view: defineEndpoint({
    method: 'GET',
    path: '/shared/:token',
    summary:
      'What a share link shows: the company’s name, logo and colours, the model, its slots and finishes (locked until the password of a password link was given); one 404 for a wrong, revoked or expired token',
    tags: ['shared views'],
    params: shareTokenParamsSchema,
    answer: sharedViewAnswerSchema,
  }),
  unlock: defineEndpoint({
    method: 'POST',
    path: '/shared/:token/unlock',
    summary: 'Gives a password link’s password: sets an HttpOnly cookie for this link’s calls (an hour)',
    tags: ['shared views'],
    params: shareTokenParamsSchema,
    body: sharedUnlockSchema,
    answer: z.object({ unlocked: z.literal(true) }),
  }),
  glb: defineEndpoint({
    method: 'GET',
    path: '/shared/:token/files/glb',
    summary: 'The shared model’s web-ready GLB',
    tags: ['shared views'],
    params: shareTokenParamsSchema,
    answer: binaryAnswerSchema,
  }),
  liteGlb: defineEndpoint({
    method: 'GET',
    path: '/shared/:token/files/lite-glb',
    summary: 'The shared model’s light GLB (few triangles, small textures), drawn while the full one loads',
    tags: ['shared views'],
    params: shareTokenParamsSchema,
    answer: binaryAnswerSchema,
  }),
  previewImage: defineEndpoint({
    method: 'GET',
    path: '/shared/:token/preview-image',
    summary: 'The shared model’s rendered preview (the poster of the page and of AR Quick Look)',
    tags: ['shared views'],
    params: shareTokenParamsSchema,
    answer: binaryAnswerSchema,
  }),
  materialMap: defineEndpoint({
    method: 'GET',
    path: '/shared/:token/materials/:name/maps/:map',
    summary: 'One PBR map (WebP) of a finish the shared model’s slots offer',
    tags: ['shared views'],
    params: materialFileParams.extend({ map: z.enum(MATERIAL_MAP_KINDS) }),
    answer: binaryAnswerSchema,
  }),
  materialPreview: defineEndpoint({
    method: 'GET',
    path: '/shared/:token/materials/:name/preview-image',
    summary: 'The swatch of a finish the shared model’s slots offer',
    tags: ['shared views'],
    params: materialFileParams,
    answer: binaryAnswerSchema,
  }),
};
