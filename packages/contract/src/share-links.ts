import { z } from 'zod';
import { publicCompanySchema } from './company.ts';
import { MAX_ID } from './ids.ts';
import { MATERIAL_MAP_KINDS } from './material-maps.ts';
import { dimensionsFigureSchema } from './model-placement.ts';

/**
 * Share links (issue 30): a design or a model opened by a link, without an account, in a
 * read-only viewer page branded for the company.
 */

/** Days a link lives unless its sharer says otherwise, and the most they may say. */
export const SHARE_LINK_DEFAULT_DAYS = 30;
export const SHARE_LINK_MAX_DAYS = 365;
/** Random bytes of a token (256 bits, base64url: 43 characters). */
export const SHARE_TOKEN_BYTES = 32;

/** Shortest and longest password of a link. */
export const SHARE_PASSWORD_MIN = 8;
export const SHARE_PASSWORD_MAX = 200;

export const SHARE_LINK_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ShareLinkStatus = (typeof SHARE_LINK_STATUSES)[number];

/** The one answer for a wrong, revoked or expired token, on every public share call. */
export const SHARE_LINK_NOT_FOUND = 'This link does not exist or has expired.';
export const SHARE_PASSWORD_WRONG = 'This password is not right.';
export const SHARE_PASSWORD_REQUIRED = 'This link needs its password.';
export const SHARE_NEEDS_ONE_SUBJECT = 'Name either a model or a design, not both.';
export const SHARE_MODEL_NOT_FINISHED = 'Only a finished model can be shared.';
/** The path of the share page on a tenant's host. */
export const SHARE_PAGE_PATH = '/s';

const positiveId = z.coerce
  .number({ error: 'Must be a whole number.' })
  .int('Must be a whole number.')
  .min(1, 'Must be 1 or more.')
  .max(MAX_ID, `Must be at most ${MAX_ID}.`);

/** POST /share-links: exactly one of `project_model_id` and `design_id`. */
export const shareLinkCreateSchema = z
  .object({
    project_model_id: positiveId.optional(),
    design_id: positiveId.optional(),
    expires_in_days: z.coerce
      .number({ error: 'Must be a whole number.' })
      .int('Must be a whole number.')
      .min(1, 'Must be 1 or more.')
      .max(SHARE_LINK_MAX_DAYS, `Must be at most ${SHARE_LINK_MAX_DAYS}.`)
      .default(SHARE_LINK_DEFAULT_DAYS),
    /** Left empty (or out): no password. */
    password: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z
        .string({ error: 'Must be text.' })
        .min(SHARE_PASSWORD_MIN, `Must be at least ${SHARE_PASSWORD_MIN} characters.`)
        .max(SHARE_PASSWORD_MAX, `Must be at most ${SHARE_PASSWORD_MAX} characters.`)
        .optional(),
    ),
    allow_configure: z.boolean({ error: 'Must be true or false.' }).default(true),
  })
  .superRefine((body, context) => {
    if ((body.project_model_id === undefined) === (body.design_id === undefined)) {
      context.addIssue({ code: 'custom', path: ['project_model_id'], message: SHARE_NEEDS_ONE_SUBJECT });
    }
  });
export type ShareLinkCreate = z.infer<typeof shareLinkCreateSchema>;
export type ShareLinkCreateInput = z.input<typeof shareLinkCreateSchema>;

/** A link as its sharer's list shows it; the token is never shown again. */
export const shareLinkRowSchema = z.object({
  id: z.number().int(),
  project_model_id: z.number().int(),
  design_id: z.number().int().nullable(),
  /** The design's name, or the model's. */
  name: z.string(),
  allow_configure: z.boolean(),
  has_password: z.boolean(),
  status: z.enum(SHARE_LINK_STATUSES),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  opens: z.number().int(),
  last_opened_at: z.string().nullable(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type ShareLinkRow = z.infer<typeof shareLinkRowSchema>;

/** The created link: its address with the token, shown this once. */
export const shareLinkCreatedSchema = z.object({ data: shareLinkRowSchema.extend({ url: z.string() }) });
export type ShareLinkCreated = z.infer<typeof shareLinkCreatedSchema>;

/** A finish a shared slot offers; its files are served under the link. */
export const sharedMaterialSchema = z.object({
  name: z.string(),
  preview_image_url: z.string().nullable(),
  maps: z.partialRecord(z.enum(MATERIAL_MAP_KINDS), z.string()),
});
export type SharedMaterial = z.infer<typeof sharedMaterialSchema>;

export const sharedSlotSchema = z.object({
  index: z.number().int(),
  name: z.string(),
  /** Every material the slot allows when the link allows configuring; else only the chosen one. */
  materials: z.array(sharedMaterialSchema),
  /** The starting finish: the design's choice, or the slot's default; null for the model's own material. */
  choice: z.string().nullable(),
});
export type SharedSlot = z.infer<typeof sharedSlotSchema>;

const sharedCompanySchema = publicCompanySchema.pick({ name: true, logo: true, colors: true, theme: true });

/** GET /shared/{token}: what the share page shows; `locked` until the password was given. */
export const sharedViewSchema = z.discriminatedUnion('locked', [
  z.object({ locked: z.literal(true), company: sharedCompanySchema }),
  z.object({
    locked: z.literal(false),
    company: sharedCompanySchema,
    name: z.string(),
    model: z.object({
      name: z.string(),
      glb_url: z.string(),
      /** A light version (models over 1 MB): drawn first while `glb_url` loads; null without one. */
      lite_glb_url: z.string().nullable(),
      preview_image_url: z.string().nullable(),
      dimensions_m: dimensionsFigureSchema.nullable(),
    }),
    slots: z.array(sharedSlotSchema),
    allow_configure: z.boolean(),
    expires_at: z.string(),
  }),
]);
export type SharedView = z.infer<typeof sharedViewSchema>;
export const sharedViewAnswerSchema = z.object({ data: sharedViewSchema });

export const shareTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const sharedUnlockSchema = z.object({
  password: z.string({ error: 'Must be text.' }).min(1, 'Enter the password.').max(SHARE_PASSWORD_MAX),
});
