import { Anchor, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MATERIAL_MAP_KINDS, type MaterialMapKind } from '@meshport/contract';
import { useTranslation } from 'react-i18next';
import { Viewer } from './viewer.component.tsx';

export type MaterialMapUrls = Partial<Record<MaterialMapKind, string>>;

/** A material on the shared sphere, lit as in its preview. */
export function MaterialViewer({ name, maps, poster }: { name: string; maps: MaterialMapUrls; poster: string | null }) {
  const { t } = useTranslation();
  return <Viewer source={{ kind: 'material', maps }} label={t('viewer.materialLabel', { name })} poster={poster} />;
}

/** The material's PBR maps as thumbnails, in the usual order; each opens the full image. */
export function MaterialMapList({ maps, headingId }: { maps: MaterialMapUrls; headingId: string }) {
  const { t } = useTranslation();
  const present = MATERIAL_MAP_KINDS.flatMap((kind) => {
    const url = maps[kind];
    return url ? [{ kind, url }] : [];
  });
  return (
    <Stack gap="sm">
      <Title order={2} size="h4" id={headingId}>
        {t('viewer.maps.title')}
      </Title>
      {present.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('viewer.maps.none')}
        </Text>
      ) : (
        <SimpleGrid
          component="ul"
          cols={{ base: 2, xs: 3, sm: 4 }}
          spacing="sm"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-labelledby={headingId}
        >
          {present.map(({ kind, url }) => (
            <li key={kind}>
              <Anchor href={url} target="_blank" rel="noopener" underline="never" c="inherit">
                <Stack gap={4}>
                  <Image
                    src={url}
                    alt=""
                    radius="sm"
                    fit="cover"
                    style={{ aspectRatio: '1 / 1', border: '1px solid var(--mantine-color-default-border)' }}
                  />
                  <Text size="xs" ta="center">
                    {t(`viewer.maps.kinds.${kind}`)}
                  </Text>
                </Stack>
              </Anchor>
            </li>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
