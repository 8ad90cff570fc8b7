import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import type { Crumb } from '../logic/breadcrumbs.logic.ts';

/** Libraries › … › the current library (from its `meta_data.breadcrumbs`); the last is the page itself. */
export function LibraryBreadcrumbs({ trail }: { trail: Crumb[] }) {
  const { t } = useTranslation('libraries');
  const last = trail.length - 1;
  return (
    <nav aria-label={t('breadcrumbs')}>
      <Breadcrumbs separatorMargin={6}>
        <Anchor component={Link} to={paths.libraries.list()} size="sm">
          {t('breadcrumbsRoot')}
        </Anchor>
        {trail.map((crumb, index) =>
          index === last ? (
            <Text key={crumb.id} size="sm" fw={600} aria-current="page">
              {crumb.name}
            </Text>
          ) : (
            <Anchor
              key={crumb.id}
              component={Link}
              to={paths.libraries.detail(crumb.id)}
              state={{ name: crumb.name }}
              size="sm"
            >
              {crumb.name}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
