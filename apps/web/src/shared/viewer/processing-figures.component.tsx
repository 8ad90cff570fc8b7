import { Alert, Badge, Box, Group, List, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ProcessingFigures as Figures } from '@meshport/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDimensions, formatDuration, formatNumber } from '@/lib/i18n/format.ts';
import { processingText } from '@/lib/i18n/processing-message.ts';
import { Icon } from '../ui/icons.component.tsx';
import { orderedSteps } from './viewer.logic.ts';

function Figure({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Box component="dd" m={0} mt={2}>
        <Text size="lg" fw={600} lh={1.3}>
          {value}
        </Text>
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
      </Box>
    </div>
  );
}

/** What processing measured (content issue 12): geometry, sizes, time per step, warnings. */
export function ProcessingFigures({ figures, headingId }: { figures: Figures | null; headingId: string }) {
  const { t } = useTranslation();

  if (!figures) {
    return (
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('viewer.figures.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('viewer.figures.none')}
        </Text>
      </Stack>
    );
  }

  const steps = orderedSteps(figures.steps_ms);
  const total = steps.reduce((sum, step) => sum + step.ms, 0);
  const saved = figures.original_bytes > 0 ? 1 - figures.glb_bytes / figures.original_bytes : 0;
  // A file without a mesh (a skeleton and its animation): its size is its joints' extent, and nothing is drawn.
  const meshless = figures.meshes === 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('viewer.figures.title')}
        </Title>
        <Badge variant="light" color="gray" tt="uppercase">
          {figures.format}
        </Badge>
      </Group>
      <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="md" m={0}>
        {figures.dimensions_m && (
          <Figure
            label={t('viewer.figures.dimensions')}
            value={formatDimensions(figures.dimensions_m)}
            note={
              meshless
                ? t('viewer.figures.jointExtent')
                : figures.placement
                  ? t(`viewer.figures.placedFrom.${figures.placement.from}`)
                  : undefined
            }
          />
        )}
        <Figure
          label={t('viewer.figures.triangles')}
          value={formatNumber(figures.triangles)}
          note={
            meshless
              ? t('viewer.figures.noMesh')
              : figures.simplified
                ? t('viewer.figures.simplifiedFrom', { value: formatNumber(figures.triangles_before) })
                : t('viewer.figures.notSimplified')
          }
        />
        <Figure label={t('viewer.figures.vertices')} value={formatNumber(figures.vertices)} />
        {figures.points > 0 && <Figure label={t('viewer.figures.points')} value={formatNumber(figures.points)} />}
        {figures.keyframes_after != null && figures.keyframes_before != null && (
          <Figure
            label={t('viewer.figures.keyframes')}
            value={formatNumber(figures.keyframes_after)}
            note={t('viewer.figures.keyframesFrom', { value: formatNumber(figures.keyframes_before) })}
          />
        )}
        {figures.validator_errors != null && (
          <Figure
            label={t('viewer.figures.validation')}
            value={formatNumber(figures.validator_errors)}
            note={t('viewer.figures.validationWarnings', { count: figures.validator_warnings ?? 0 })}
          />
        )}
        <Figure label={t('viewer.figures.meshes')} value={formatNumber(figures.meshes)} />
        <Figure label={t('viewer.figures.materials')} value={formatNumber(figures.materials)} />
        <Figure label={t('viewer.figures.textures')} value={formatNumber(figures.textures)} />
        <Figure label={t('viewer.figures.originalSize')} value={formatBytes(figures.original_bytes)} />
        <Figure
          label={t('viewer.figures.glbSize')}
          value={formatBytes(figures.glb_bytes)}
          note={
            saved > 0.005
              ? t('viewer.figures.smaller', {
                  value: formatNumber(saved, { style: 'percent', maximumFractionDigits: 0 }),
                })
              : undefined
          }
        />
      </SimpleGrid>
      {steps.length > 0 && (
        <Stack gap={6} component="section" aria-label={t('viewer.figures.steps')}>
          <Group justify="space-between">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('viewer.figures.steps')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('viewer.figures.total', { value: formatDuration(total) })}
            </Text>
          </Group>
          <Stack component="ol" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
            {steps.map(({ step, ms }) => (
              <Group component="li" key={step} gap="sm" wrap="nowrap">
                <Text size="sm" w={96} style={{ flexShrink: 0 }}>
                  {t(`viewer.steps.${step}`, { defaultValue: step })}
                </Text>
                <Progress
                  value={total > 0 ? Math.max(1, (ms / total) * 100) : 0}
                  size="sm"
                  radius="xl"
                  style={{ flex: 1 }}
                  aria-hidden
                />
                <Text size="sm" c="dimmed" w={80} ta="right" style={{ flexShrink: 0 }}>
                  {formatDuration(ms)}
                </Text>
              </Group>
            ))}
          </Stack>
        </Stack>
      )}
      {figures.warnings.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          icon={<Icon name="alert" />}
          title={t('viewer.figures.warnings', { count: figures.warnings.length })}
          styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
        >
          <List size="sm" spacing={2}>
            {figures.warnings.map((warning) => (
              <List.Item key={warning}>{processingText(t, warning)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
