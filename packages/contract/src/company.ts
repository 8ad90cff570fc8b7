import { z } from 'zod';

export const tenantColorsSchema = z.object({
  primary_color: z.string(),
  primary_accent: z.string(),
});

export const publicCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sub_domain: z.string(),
  logo: z.string().nullable(),
  colors: tenantColorsSchema,
  /** The colours to paint with on this host: 'default' replaced as shell.md §4 says. */
  theme: tenantColorsSchema,
});

export const myCompanySchema = publicCompanySchema.extend({
  address: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  phone_number: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  autodesk_integration: z.enum(['no', 'yes', 'yes_always_prompt']),
  background_image: z.string().nullable(),
  /** The last saved custom colours (or the §9 fallbacks): what the custom toggle brings back. */
  custom_colors: tenantColorsSchema.optional(),
  demo_model: z.object({ id: z.number().int(), name: z.string(), preview_image_url: z.string().nullable() }).nullish(),
});

export const companySummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  sub_domain: z.string(),
});

/** `/companies/:subdomain…`: a company named by its sub-domain. */
export const subDomainParamsSchema = z.object({ subdomain: z.string().min(1).max(63) });

/** Admin → Companies rows (administration.md): every company, with its host name. */
export const adminCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string().nullable(),
  sub_domain: z.string(),
  fqdn: z.string(),
  database: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type PublicCompany = z.infer<typeof publicCompanySchema>;
export type MyCompany = z.infer<typeof myCompanySchema>;
export type CompanySummary = z.infer<typeof companySummarySchema>;
export type AdminCompany = z.infer<typeof adminCompanySchema>;
