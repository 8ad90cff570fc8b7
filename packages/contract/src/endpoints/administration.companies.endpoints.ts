import { z } from 'zod';
import {
  adminCompanySchema,
  companySummarySchema,
  myCompanySchema,
  publicCompanySchema,
  subDomainParamsSchema,
} from '../company.ts';
import { FILE_INVALID_TYPE, FILE_TOO_LARGE, optionalText, requiredText } from '../content-saves.ts';
import { defineEndpoint, defineListEndpoint } from '../endpoint.ts';
import { idParamsSchema, idSchema } from '../ids.ts';
import { LICENCES, PLATFORMS } from '../platforms.ts';
import { binaryAnswerSchema, deleteAnswerSchema } from './shared.endpoints.ts';

/** administration.md §9: what the custom colour toggle falls back to when nothing custom was saved. */
export const COMPANY_FALLBACK_COLORS = { primary_color: '#634196', primary_accent: '#C4A1F9' } as const;
/** administration.md §5: hex only, 3 or 6 digits, or 4 or 8 with alpha (a leading # optional). */
export const COMPANY_COLOR_PATTERN = /^#?([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
export const COMPANY_COLOR_INVALID = 'Must be a hex colour of 3 or 6 digits, or 4 or 8 with alpha.';
export const COMPANY_LOGO_TYPES = ['image/jpeg', 'image/png', 'image/bmp'] as const;
export const COMPANY_BACKGROUND_TYPES = ['image/jpeg', 'image/bmp'] as const;
export const MAX_COMPANY_IMAGE_BYTES = 10 * 1024 * 1024;
export const AUTODESK_INTEGRATIONS = ['no', 'yes', 'yes_always_prompt'] as const;
/** The realtime event on the company's content channel after My Company is saved: every session re-themes. */
export const COMPANY_CHANGED_EVENT = 'CompanyChanged';

/** A colour as saved: '#' and upper case hex, or 'default'. */
const colorField = z
  .string({ error: COMPANY_COLOR_INVALID })
  .trim()
  .refine((value) => value === 'default' || COMPANY_COLOR_PATTERN.test(value), COMPANY_COLOR_INVALID)
  .transform((value) => (value === 'default' ? value : `#${value.replace(/^#/, '').toUpperCase()}`));

const imageField = (types: readonly string[]) =>
  z
    .union(
      [
        z
          .file()
          .max(MAX_COMPANY_IMAGE_BYTES, FILE_TOO_LARGE)
          .mime([...types], FILE_INVALID_TYPE),
        z.null(),
        z.literal('').transform(() => null),
      ],
      { error: FILE_INVALID_TYPE },
    )
    .describe(`An image file (${types.join(', ')}) in multipart; null or empty removes it`);

/** POST /companies/my-company with _method=PATCH (administration.md §7): any of the fields. */
export const myCompanySaveSchema = z.object({
  name: requiredText().optional(),
  address: optionalText(255).optional(),
  postal_code: optionalText(32).optional(),
  country: optionalText(255).optional(),
  city: optionalText(255).optional(),
  phone_number: optionalText(64).optional(),
  website: optionalText(255).optional(),
  description: optionalText(5000).optional(),
  colors: z
    .object(
      { primary_color: colorField, primary_accent: colorField },
      { error: 'Give primary_color and primary_accent.' },
    )
    .optional(),
  demo_model_id: z
    .union([idSchema, z.literal(''), z.null()], { error: 'Must be a model id or empty.' })
    .transform((value) => (value === '' ? null : value))
    .optional(),
  autodesk_integration: z
    .enum(AUTODESK_INTEGRATIONS, { error: `Must be one of ${AUTODESK_INTEGRATIONS.join(', ')}.` })
    .optional(),
  logo: imageField(COMPANY_LOGO_TYPES).optional(),
  background_image: imageField(COMPANY_BACKGROUND_TYPES).optional(),
});

const RESERVED_SUB_DOMAINS = ['www', 'api', 'admin', 'mail', ...PLATFORMS.map((p) => p.platformKey)];
/** A DNS label that the host parser reads back as this tenant: no platform prefix. */
export const subDomainField = z
  .string({ error: 'Required.' })
  .trim()
  .toLowerCase()
  .min(1, 'Required.')
  .max(63, 'At most 63 characters.')
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/, 'Only letters, digits and inner hyphens (a DNS label).')
  .refine(
    (value) => !PLATFORMS.some((p) => value.startsWith(`${p.platformKey}-`)),
    'Must not start with a platform name and a hyphen.',
  )
  .refine((value) => !RESERVED_SUB_DOMAINS.includes(value), 'This name is reserved.');

const boughtCount = z.coerce
  .number({ error: 'Must be a whole number.' })
  .int('Must be a whole number.')
  .min(0, 'At least 0.')
  .max(1_000_000, 'At most 1000000.');
/** Seats bought per licence: `licences[hatch]=3`; a licence left out keeps its count (0 when new). */
export const licenceCountsField = z.partialRecord(z.enum(LICENCES), boughtCount).describe('Bought seats per licence');

export const adminCompanyCreateSchema = z.object({
  name: requiredText(),
  sub_domain: subDomainField,
  licences: licenceCountsField.optional(),
  admin_name: requiredText(),
  admin_email: z
    .string({ error: 'Required.' })
    .trim()
    .toLowerCase()
    .max(255, 'At most 255 characters.')
    .pipe(z.email('Must be an e-mail address.')),
});
export const adminCompanyUpdateSchema = z.object({
  name: requiredText().optional(),
  sub_domain: subDomainField.optional(),
  licences: licenceCountsField.optional(),
});

/** One company for the admin forms: the list row with its bought seats. */
export const adminCompanyRecordSchema = adminCompanySchema.extend({
  licences: z.record(z.string(), z.number().int()),
});

function assetEndpoint(asset: 'logo' | 'background-image') {
  return defineEndpoint({
    method: 'GET',
    path: `/companies/:subdomain/${asset}`,
    summary: `The company's ${asset.replace('-', ' ')}`,
    tags: ['companies'],
    params: subDomainParamsSchema,
    answer: binaryAnswerSchema,
  });
}

export const companyEndpoints = {
  myCompany: defineEndpoint({
    method: 'GET',
    path: '/companies/my-company',
    summary: 'The company of this host, with its colours (shell.md §4)',
    tags: ['companies'],
    answer: z.object({ data: myCompanySchema }),
  }),
  switchable: defineEndpoint({
    method: 'GET',
    path: '/companies',
    summary: 'The companies this person may switch to',
    tags: ['companies'],
    answer: z.object({ data: z.array(companySummarySchema) }),
  }),
  public: defineEndpoint({
    method: 'GET',
    path: '/companies/:subdomain',
    summary: 'Name, logo and colours of a company, for its login page',
    tags: ['companies'],
    params: subDomainParamsSchema,
    answer: z.object({ data: publicCompanySchema }),
  }),
  adminList: defineListEndpoint({
    path: '/admin/companies',
    summary: 'Every company (platform admins)',
    tags: ['admin'],
    row: adminCompanySchema,
    sorts: ['id', 'name', 'domain', 'sub_domain', 'created_at', 'updated_at'],
    filters: { search: z.string() },
    trashed: true,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/companies/my-company',
    summary: 'Changes the company of this host (POST with _method=PATCH, multipart); answers the updated tenant',
    tags: ['companies'],
    body: myCompanySaveSchema,
    answer: z.object({ data: myCompanySchema }),
  }),
  adminGet: defineEndpoint({
    method: 'GET',
    path: '/admin/companies/:id',
    summary: 'One company with its bought seats (platform admins)',
    tags: ['admin'],
    params: idParamsSchema,
    answer: z.object({ data: adminCompanyRecordSchema }),
  }),
  adminCreate: defineEndpoint({
    method: 'POST',
    path: '/admin/companies',
    summary: 'Provisions a company: sub-domain, roles, licences and a first administrator who is mailed an invitation',
    tags: ['admin'],
    body: adminCompanyCreateSchema,
    answer: z.object({ data: adminCompanyRecordSchema }),
    status: 201,
  }),
  adminUpdate: defineEndpoint({
    method: 'PATCH',
    path: '/admin/companies/:id',
    summary: 'Changes name, sub-domain or bought seats of a company',
    tags: ['admin'],
    params: idParamsSchema,
    body: adminCompanyUpdateSchema,
    answer: z.object({ data: adminCompanyRecordSchema }),
  }),
  adminDelete: defineEndpoint({
    method: 'DELETE',
    path: '/admin/companies/:id',
    summary: 'Removes a company and everything of it, stored files included; never the company one is signed in on',
    tags: ['admin'],
    params: idParamsSchema,
    answer: deleteAnswerSchema('company_name'),
  }),
  logo: assetEndpoint('logo'),
  backgroundImage: assetEndpoint('background-image'),
};
