import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { BrandLogo, ProductMark } from '@/shared/ui/brand-logo.component.tsx';
import classes from './auth-layout.module.css';

/**
 * The signed-out screens: a brand panel on the left, the form in the middle, both showing the
 * tenant's logo and name (or the product's branding without a tenant), and 'Powered By' for
 * tenants.
 */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('auth');
  const { company, platform } = useTenant();
  const name = company?.name ?? t('app.name');

  return (
    <div className={classes.root}>
      <Box component="aside" className={classes.brand} aria-label={t('brandPanel')}>
        <Stack gap="lg" align="flex-start" className={classes.brandInner}>
          <div className={classes.logoPlate}>
            <BrandLogo height={72} />
          </div>
          <Title order={2} c="var(--primary-contrast)" className={classes.brandName}>
            {name}
          </Title>
          <Text c="var(--primary-contrast)" opacity={0.85} size="lg">
            {company ? t(`platforms.${platform}`) : t('app.tagline')}
          </Text>
        </Stack>
      </Box>
      <Box component="main" className={classes.main}>
        <Paper className={classes.card} withBorder shadow="sm" radius="lg" p="xl">
          <Stack gap="lg">
            <Stack gap={6} align="center">
              <BrandLogo height={48} />
              <Text fw={600} size="lg">
                {name}
              </Text>
            </Stack>
            <Title order={1} size="h3" ta="center">
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
        {company && (
          <Group component="footer" gap={8} className={classes.footer}>
            <Text size="sm" c="dimmed">
              {t('poweredBy')}
            </Text>
            <ProductMark size={20} label={t('logo.product')} />
            <Text size="sm" fw={600}>
              {t('app.name')}
            </Text>
          </Group>
        )}
      </Box>
    </div>
  );
}
