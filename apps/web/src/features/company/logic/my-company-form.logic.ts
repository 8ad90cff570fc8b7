import {
  COMPANY_COLOR_PATTERN,
  COMPANY_FALLBACK_COLORS,
  type MyCompany,
  myCompanySaveSchema,
  type TenantColors,
} from '@meshport/contract';
import { z } from 'zod';
import type { FormValue } from '@/shared/forms/index.ts';

export type ColorMode = 'default' | 'custom';

export interface MyCompanyFormValues {
  name: string;
  address: string;
  postal_code: string;
  country: string;
  city: string;
  phone_number: string;
  website: string;
  description: string;
  demo_model_id: string | null;
  color_mode: ColorMode;
  primary_color: string;
  primary_accent: string;
  autodesk_integration: MyCompany['autodesk_integration'];
  /** A new file, null when removed, undefined when unchanged. */
  logo: File | null | undefined;
  background_image: File | null | undefined;
}

/** administration.md §5: hex only, 3 or 6 digits, or 4 or 8 with alpha. */
export function isHexColor(value: string): boolean {
  return COMPANY_COLOR_PATTERN.test(value.trim());
}

/** Keeps only what the colour input accepts while typing: '#' and up to 8 hex digits. */
export function cleanColorInput(value: string): string {
  return `#${value.replace(/[^0-9a-f]/gi, '').slice(0, 8)}`;
}

/**
 * The form's colours: 'default' on the company means the default mode; the custom fields then
 * hold the last saved custom values (or the §9 fallbacks), which come back on switching to custom.
 */
export function initialValues(company: MyCompany): MyCompanyFormValues {
  const custom = company.custom_colors ?? COMPANY_FALLBACK_COLORS;
  const isDefault = company.colors.primary_color === 'default' || company.colors.primary_accent === 'default';
  return {
    name: company.name,
    address: company.address ?? '',
    postal_code: company.postal_code ?? '',
    country: company.country ?? '',
    city: company.city ?? '',
    phone_number: company.phone_number ?? '',
    website: company.website ?? '',
    description: company.description ?? '',
    demo_model_id: company.demo_model ? String(company.demo_model.id) : null,
    color_mode: isDefault ? 'default' : 'custom',
    primary_color: isDefault ? custom.primary_color : company.colors.primary_color,
    primary_accent: isDefault ? custom.primary_accent : company.colors.primary_accent,
    autodesk_integration: company.autodesk_integration,
    logo: undefined,
    background_image: undefined,
  };
}

/** The colours the form stands for: what the page previews live and what Save sends. */
export function formColors(values: Pick<MyCompanyFormValues, 'color_mode' | 'primary_color' | 'primary_accent'>) {
  if (values.color_mode === 'default') return { primary_color: 'default', primary_accent: 'default' };
  return { primary_color: values.primary_color, primary_accent: values.primary_accent };
}

/** A preview only once both colours are complete; otherwise the stored ones stay. */
export function previewableColors(values: MyCompanyFormValues): TenantColors | null {
  const colors = formColors(values);
  if (colors.primary_color === 'default') return colors;
  return isHexColor(colors.primary_color) && isHexColor(colors.primary_accent) ? colors : null;
}

/** The multipart body of POST /companies/my-company; the Autodesk choice only for admins. */
export function saveBody(values: MyCompanyFormValues, admin: boolean): Record<string, FormValue> {
  return {
    name: values.name,
    address: values.address,
    postal_code: values.postal_code,
    country: values.country,
    city: values.city,
    phone_number: values.phone_number,
    website: values.website,
    description: values.description,
    demo_model_id: values.demo_model_id ?? '',
    colors: formColors(values),
    ...(admin ? { autodesk_integration: values.autodesk_integration } : {}),
    logo: values.logo,
    background_image: values.background_image,
  };
}

const colorField = myCompanySaveSchema.shape.colors.unwrap().shape.primary_color;
const COLOR_FIELDS = ['primary_color', 'primary_accent'] as const;

/**
 * The form checked by the contract's save schema: its colours on their own fields, checked only
 * in the custom mode (the default mode sends 'default').
 */
export const myCompanyFormSchema = myCompanySaveSchema
  .omit({ colors: true })
  .extend({ color_mode: z.enum(['default', 'custom']), primary_color: z.string(), primary_accent: z.string() })
  .superRefine((values, context) => {
    if (values.color_mode === 'default') return;
    for (const name of COLOR_FIELDS) {
      const issue = colorField.safeParse(values[name]).error?.issues[0];
      if (issue) context.addIssue({ code: 'custom', path: [name], message: issue.message });
    }
  });

/** A 422's key as the form's field: `colors.primary_color` shows under the colour. */
export function myCompanyErrorField(key: string, fields: readonly string[]): string | null {
  const color = COLOR_FIELDS.find((name) => key === `colors.${name}`);
  if (color) return color;
  const field = key.split(/[.[]/)[0] ?? key;
  return fields.includes(field) ? field : null;
}
