import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import type { Breadcrumb } from '@meshport/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import { breadcrumbTrail } from '../logic/category-tree.logic.ts';

/** Materials › Wood › Oak: the root and each category above the current one link; the current one does not. */
export function CategoryBreadcrumbs({ breadcrumbs }: { breadcrumbs: Breadcrumb }) {
  const { t } = useTranslation('materials');
  const trail = breadcrumbTrail(breadcrumbs);
  const last = trail.length - 1;
  return (
    <nav aria-label={t('breadcrumbs.label')}>
      <Breadcrumbs separator="›" separatorMargin={6}>
        {trail.length === 0 ? (
          <Text size="sm" fw={600} aria-current="page">
            {t('breadcrumbs.root')}
          </Text>
        ) : (
          <Anchor component={Link} to={paths.materials.list()} size="sm">
            {t('breadcrumbs.root')}
          </Anchor>
        )}
        {trail.map((crumb, index) =>
          index === last ? (
            <Text key={crumb.id} size="sm" fw={600} aria-current="page">
              {crumb.name}
            </Text>
          ) : (
            <Anchor key={crumb.id} component={Link} to={paths.materials.categories.detail(crumb.id)} size="sm">
              {crumb.name}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
