import { z } from 'zod';
import {
  AUTODESK_INTEGRATIONS,
  COMPANY_BACKGROUND_TYPES,
  COMPANY_COLOR_INVALID,
  COMPANY_COLOR_PATTERN,
  COMPANY_LOGO_TYPES,
  MAX_COMPANY_IMAGE_BYTES,
} from './company-constants.ts';
import { FILE_INVALID_TYPE, FILE_TOO_LARGE, optionalText, requiredText } from './content-saves.ts';
import { idSchema } from './ids.ts';
import { LICENCES, PLATFORMS } from './platforms.ts';

/*
 * The company saves' schemas, apart from the company endpoints: the sign-in page reads the public
 * company through those endpoints, and the forms that validate with these schemas would otherwise
 * bring zod into its JavaScript (the login route's budget).
 */

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
