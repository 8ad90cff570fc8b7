import {
  COMPANY_FALLBACK_COLORS,
  type MyCompany,
  type PlatformKey,
  type PublicCompany,
  resolveTenantColors,
} from '@meshport/contract';
import type { CompanyRow } from '#core/tenancy/company.table.ts';

export function companyAssetUrl(company: CompanyRow, asset: 'logo' | 'background-image'): string | null {
  const stored = asset === 'logo' ? company.logoPath : company.backgroundImagePath;
  return stored ? `/v2/companies/${company.subDomain}/${asset}?v=${company.updatedAt.getTime()}` : null;
}

export function presentPublicCompany(company: CompanyRow, platform: PlatformKey | null): PublicCompany {
  const colors = { primary_color: company.primaryColor, primary_accent: company.primaryAccent };
  return {
    id: company.id,
    name: company.name,
    sub_domain: company.subDomain,
    logo: companyAssetUrl(company, 'logo'),
    colors,
    theme: resolveTenantColors(colors, platform),
  };
}

export type DemoModel = NonNullable<MyCompany['demo_model']>;

export function presentMyCompany(
  company: CompanyRow,
  platform: PlatformKey | null,
  demoModel: DemoModel | null = null,
): MyCompany {
  return {
    ...presentPublicCompany(company, platform),
    address: company.address,
    postal_code: company.postalCode,
    country: company.country,
    city: company.city,
    phone_number: company.phoneNumber,
    website: company.website,
    description: company.description,
    autodesk_integration: company.autodeskIntegration,
    background_image: companyAssetUrl(company, 'background-image'),
    custom_colors: {
      primary_color: company.customPrimaryColor ?? COMPANY_FALLBACK_COLORS.primary_color,
      primary_accent: company.customPrimaryAccent ?? COMPANY_FALLBACK_COLORS.primary_accent,
    },
    demo_model: demoModel,
  };
}
