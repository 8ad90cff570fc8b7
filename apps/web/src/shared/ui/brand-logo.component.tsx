import { Group, Image, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTenant } from '@/lib/session/tenant.context.ts';

interface BrandLogoProps {
  height?: number;
  /** Show the tenant or product name next to the logo. */
  withName?: boolean;
}

/** The tenant's logo (alt 'Tenant Logo'), or the product mark when no tenant applies. */
export function BrandLogo({ height = 48, withName = false }: BrandLogoProps) {
  const { t } = useTranslation();
  const { company } = useTenant();
  const name = company?.name ?? t('app.name');
  return (
    <Group gap="sm" wrap="nowrap">
      {company?.logo ? (
        <Image src={company.logo} alt={t('logo.tenant')} h={height} w="auto" fit="contain" />
      ) : (
        <ProductMark size={height} label={company ? t('logo.tenant') : t('logo.product')} />
      )}
      {withName && (
        <Text fw={700} size="lg" component="span">
          {name}
        </Text>
      )}
    </Group>
  );
}

export function ProductMark({ size, label }: { size: number; label: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label={label}>
      <rect width="32" height="32" rx="6" fill="var(--primary-color)" />
      <path
        d="M8 22V10l8 7 8-7v12"
        fill="none"
        stroke="var(--primary-contrast, #fff)"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}
