import { Group, Stack, Text, Title } from '@mantine/core';
import { DESIGN_LIST_PER_PAGE, designEndpoints } from '@meshport/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/i18n/format.ts';
import { paths } from '@/lib/paths/paths.ts';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { ResourceList, type ResourceListDeclaration, type RowOf } from '@/shared/resource-list/index.ts';
import { deleteDesign } from '../api/delete-design.api.ts';
import { FavoriteStar } from './favorite-star.component.tsx';
import { ShareLinkDialog } from './share-link-dialog.component.tsx';

type DesignListRow = RowOf<typeof designEndpoints.list>;

/** The model's overview showing the design exactly as saved. */
export const designPath = (row: Pick<DesignListRow, 'id' | 'project_model_id'>) =>
  `${paths.projects.models.overview(row.project_model_id)}?design=${row.id}`;

/**
 * The project overview's designs (issue 30): the server-rendered preview, the name, the model, who
 * saved it and when; a card opens the model configured as the design. The star on customerportal,
 * delete for delete-designs (confirmed).
 */
export function DesignList({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation('projects');
  const { platform } = useTenant();
  const favorites = platform === 'customerportal';
  /** The design whose share dialog is open. */
  const [sharing, setSharing] = useState<number | null>(null);
  const list = useMemo((): ResourceListDeclaration<typeof designEndpoints.list, DesignListRow> => {
    const date = (value: string) => formatDateTime(value, { locale: i18n.resolvedLanguage });
    return {
      id: `designs:${projectId}`,
      endpoint: designEndpoints.list,
      resource: 'designs',
      query: { filter: { project_id: String(projectId) } },
      rowId: (row) => row.id,
      rowLabel: (row) => row.name,
      views: ['grid', 'list'],
      defaultSort: '-updated_at',
      perPage: DESIGN_LIST_PER_PAGE,
      emptyText: t('designs.empty'),
      label: t('designs.title'),
      loadingText: t('designs.loading'),
      card: {
        title: (row) => row.name,
        image: (row) => row.preview_image_url,
        status: (row) =>
          row.preview_status === 'ready'
            ? null
            : {
                label: t(`designs.preview.${row.preview_status}`),
                color: row.preview_status === 'failed' ? '#e03131' : '#868e96',
              },
        subtitle: (row) => t('designs.ofModel', { model: row.model_name }),
        details: (row) => (
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {t('designs.savedBy', {
                name: row.created_by?.name ?? t('model.unknown'),
                date: date(row.updated_at),
              })}
            </Text>
            {favorites && <FavoriteStar kind="design" id={row.id} name={row.name} favorited={row.is_favorited} />}
          </Group>
        ),
        to: (row) => designPath(row),
      },
      rowActions: [
        { id: 'open', label: t('designs.open'), to: (row) => designPath(row) },
        {
          id: 'share',
          label: t('share.button'),
          permission: 'create-share-links',
          onClick: (row) => setSharing(row.id),
        },
        {
          id: 'delete',
          label: t('actions.delete'),
          permission: 'delete-designs',
          color: 'red',
          danger: true,
          confirm: (row) => t('designs.deleteConfirm', { name: row.name }),
          confirmLabel: t('actions.delete'),
          onClick: async (row) => {
            const answer = await deleteDesign(row.id);
            return { success: t('designs.deleted', { name: answer.design_name }) };
          },
        },
      ],
    };
  }, [t, i18n.resolvedLanguage, projectId, favorites]);

  return (
    <Stack gap="md" component="section" aria-labelledby="project-designs">
      <Title order={2} size="h4" id="project-designs">
        {t('designs.title')}
      </Title>
      <ResourceList list={list} />
      {sharing !== null && <ShareLinkDialog subject={{ design_id: sharing }} opened onClose={() => setSharing(null)} />}
    </Stack>
  );
}
