import { Anchor, Card, Grid, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '@/lib/i18n/format.ts';
import { paths } from '@/lib/paths/paths.ts';
import { PanelEmpty, QueryState, SkeletonRows } from '@/shared/ui/query-state.component.tsx';
import { throwIfMissing } from '@/shared/ui/record-pages.component.tsx';
import { MaterialMapList, MaterialViewer } from '@/shared/viewer/index.ts';
import { type MaterialRecord, useMaterial } from '../api/get-material.api.ts';
import { useMaterialVariants } from '../api/get-material-variants.api.ts';
import { MaterialActions } from '../components/material-actions.component.tsx';
import { StatusLabel } from '../components/status-label.component.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}

function Variants({ name }: { name: string }) {
  const { t } = useTranslation('materials');
  const query = useMaterialVariants(name);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="material-variants">
      <Title order={2} size="h4" id="material-variants" mb="sm">
        {t('overview.variants')}
      </Title>
      <QueryState
        query={query}
        loading={<SkeletonRows rows={2} label={t('overview.loading')} />}
        isEmpty={(page) => page.data.length === 0}
        empty={<PanelEmpty>{t('overview.noVariants')}</PanelEmpty>}
      >
        {(page) => (
          <List spacing={4}>
            {page.data.map((variant) => (
              <List.Item key={variant.name}>
                <Group gap="xs">
                  <Anchor component={Link} to={paths.materials.overview(variant.name)}>
                    {variant.name}
                  </Anchor>
                  <StatusLabel status={variant.status} color={variant.status_color} />
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </QueryState>
    </Card>
  );
}

function Overview({ material }: { material: MaterialRecord }) {
  const { t } = useTranslation('materials');
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Anchor component={Link} to={paths.materials.list()} size="sm">
            {t('breadcrumbs.root')}
          </Anchor>
          <Group gap="sm">
            <Title order={1} size="h2">
              {material.name}
            </Title>
            <StatusLabel status={material.status} color={material.status_color} />
          </Group>
        </Stack>
        <MaterialActions material={material} />
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="lg" padding="lg" h="100%">
            <MaterialViewer name={material.name} maps={material.maps ?? {}} poster={material.preview_image_url} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="material-details">
              <Title order={2} size="h4" id="material-details" mb="md">
                {t('overview.details')}
              </Title>
              <Stack gap="md">
                <Field label={t('overview.description')}>
                  <Text c={material.description ? undefined : 'dimmed'}>
                    {material.description ?? t('overview.noDescription')}
                  </Text>
                </Field>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <Field label={t('overview.baseMaterial')}>
                    {material.parent_name ? (
                      <Anchor component={Link} to={paths.materials.overview(material.parent_name)}>
                        {material.parent_name}
                      </Anchor>
                    ) : (
                      <Text c="dimmed">{t('overview.noBaseMaterial')}</Text>
                    )}
                  </Field>
                  <Field label={t('overview.creator')}>
                    <Text>{material.active_version_creator_name ?? '—'}</Text>
                  </Field>
                  <Field label={t('overview.created')}>
                    <Text component="time" dateTime={material.created_at}>
                      {formatDateTime(material.created_at)}
                    </Text>
                  </Field>
                  <Field label={t('overview.modified')}>
                    <Text component="time" dateTime={material.updated_at}>
                      {formatDateTime(material.updated_at)}
                    </Text>
                  </Field>
                </SimpleGrid>
                <Field label={t('overview.categories')}>
                  {material.categories.length === 0 ? (
                    <Text c="dimmed">{t('overview.noCategories')}</Text>
                  ) : (
                    <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                      {material.categories.map((category) => (
                        <li key={category.id}>
                          <Anchor component={Link} to={paths.materials.categories.detail(category.id)}>
                            {category.name}
                          </Anchor>
                        </li>
                      ))}
                    </Group>
                  )}
                </Field>
              </Stack>
            </Card>
            <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="material-maps">
              <MaterialMapList maps={material.maps ?? {}} headingId="material-maps" />
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
      {/* A variant has no variants of its own: only base materials list theirs. */}
      {material.parent_name === null && <Variants name={material.name} />}
    </Stack>
  );
}

/** /materials/overview/{materialName}: preview, metadata, base material, variants and categories. */
export function MaterialOverviewPage() {
  const { t } = useTranslation('materials');
  const { materialName = '' } = useParams();
  const query = useMaterial(materialName);
  // Not there or not the user's: said inside the frame, with a way back to the materials (issue 31).
  throwIfMissing(query);
  return (
    <Stack gap="md">
      <QueryState query={query} loading={<SkeletonRows rows={6} height={28} label={t('overview.loading')} />}>
        {(material) => <Overview material={material} />}
      </QueryState>
    </Stack>
  );
}
