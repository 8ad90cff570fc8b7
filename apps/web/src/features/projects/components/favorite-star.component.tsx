import { ActionIcon, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { useFavoriteDesign } from '../api/favorite-design.api.ts';
import { useFavoriteProject } from '../api/favorite-project.api.ts';

/**
 * customerportal's favourite star (content.md §4) of a project or, as projects have it, of a design:
 * a toggle button, optimistic, usable by keyboard.
 */
export function FavoriteStar({
  id,
  name,
  favorited,
  kind = 'project',
}: {
  id: number;
  name: string;
  favorited: boolean;
  kind?: 'project' | 'design';
}) {
  const { t } = useTranslation('projects');
  const project = useFavoriteProject();
  const design = useFavoriteDesign();
  const favorite = kind === 'design' ? design : project;
  const hint = favorited ? t('favorite.remove') : t('favorite.add');
  return (
    <Tooltip label={hint} withArrow openDelay={300}>
      <ActionIcon
        variant="subtle"
        color={favorited ? 'yellow' : 'gray'}
        aria-label={t('favorite.toggle', { name })}
        aria-pressed={favorited}
        onClick={(event) => {
          event.stopPropagation();
          favorite.mutate({ id, favorited: !favorited });
        }}
      >
        <Icon name="star" filled={favorited} />
      </ActionIcon>
    </Tooltip>
  );
}
