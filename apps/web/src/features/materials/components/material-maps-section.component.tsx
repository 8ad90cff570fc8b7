import { Accordion, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { MaterialMapKind } from '@meshport/contract';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { type UploadedFile, UploadField } from '@/shared/upload/index.ts';
import {
  COMMON_MAP_KINDS,
  type MapUrls,
  type MaterialMapsState,
  MORE_MAP_KINDS,
  mapView,
  moreMapsOpen,
} from '../logic/material-maps.logic.ts';

export type MapUploads = Partial<Record<MaterialMapKind, UploadedFile | null>>;

interface MaterialMapsSectionProps {
  /** The maps the material shows now (for a new variant: its base's, all inherited). */
  state: MaterialMapsState;
  /** The base's name, for 'Inherited from {base}'; null for a base material. */
  baseName: string | null;
  /** The base's maps: what an own map marked for removal gives way to. */
  baseMaps?: MapUrls | null;
  uploads: MapUploads;
  onUpload: (kind: MaterialMapKind, file: UploadedFile | null) => void;
  /** Edit only: the own maps marked for removal, and the toggle. */
  removals?: readonly MaterialMapKind[];
  onRemoval?: (kind: MaterialMapKind, removing: boolean) => void;
  errors: Partial<Record<MaterialMapKind, string>>;
  /** True while any map is still uploading. */
  onBusyChange: (busy: boolean) => void;
  disabled?: boolean;
}

interface MapFieldProps {
  kind: MaterialMapKind;
  state: MaterialMapsState;
  baseName: string | null;
  baseMaps?: MapUrls | null;
  upload: UploadedFile | null;
  onUpload: (kind: MaterialMapKind, file: UploadedFile | null) => void;
  removing: boolean;
  onRemoval?: (kind: MaterialMapKind, removing: boolean) => void;
  error: string | undefined;
  onBusy: (kind: MaterialMapKind, busy: boolean) => void;
  disabled?: boolean;
}

function MapField(props: MapFieldProps) {
  const { kind, state, baseName, baseMaps, upload, onUpload, removing, onRemoval, error, onBusy, disabled } = props;
  const { t } = useTranslation('materials');
  const view = mapView(kind, state, { removing, baseMaps });
  const label = t(`maps.kinds.${kind}`);
  // Marking for removal drops a file chosen meanwhile: the field starts again, empty.
  const [generation, setGeneration] = useState(0);
  const onBusyChange = useCallback((busy: boolean) => onBusy(kind, busy), [onBusy, kind]);
  const caption = view.caption ? t(`maps.caption.${view.caption}`, { base: baseName ?? '' }) : undefined;
  const removeText = baseMaps?.[kind] ? t('maps.removeInherit', { base: baseName ?? '' }) : t('maps.remove');
  return (
    <Stack gap={4}>
      <UploadField
        key={generation}
        label={label}
        purpose="material_map"
        resumeScope={`material_map:${kind}`}
        value={upload}
        onChange={(file) => {
          onUpload(kind, file);
          if (file && removing) onRemoval?.(kind, false);
        }}
        currentUrl={view.url}
        currentCaption={caption}
        error={error}
        disabled={disabled}
        onBusyChange={onBusyChange}
      />
      {onRemoval && (view.removable || view.removing) && (
        <Group gap="xs">
          {view.removing ? (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<Icon name="refresh" size={14} />}
              onClick={() => onRemoval(kind, false)}
              aria-label={t('maps.actionOf', { action: t('maps.undoRemove'), map: label })}
            >
              {t('maps.undoRemove')}
            </Button>
          ) : (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              leftSection={<Icon name="trash" size={14} />}
              disabled={disabled}
              onClick={() => {
                onUpload(kind, null);
                setGeneration((n) => n + 1);
                onRemoval(kind, true);
              }}
              aria-label={t('maps.actionOf', { action: removeText, map: label })}
            >
              {removeText}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

/**
 * The PBR maps of a material form: one image field per kind (the common ones open, the rarer
 * ones under 'More maps'), each showing the current map, or the base's as 'Inherited from …'.
 */
export function MaterialMapsSection(props: MaterialMapsSectionProps) {
  const { t } = useTranslation('materials');
  const { state, baseName, baseMaps, uploads, onUpload, removals, onRemoval, errors, onBusyChange, disabled } = props;
  const headingId = useId();
  const [more, setMore] = useState(() => moreMapsOpen(state, uploads, errors));
  const busyKinds = useRef(new Set<MaterialMapKind>());
  const onBusy = useCallback(
    (kind: MaterialMapKind, busy: boolean) => {
      if (busy) busyKinds.current.add(kind);
      else busyKinds.current.delete(kind);
      onBusyChange(busyKinds.current.size > 0);
    },
    [onBusyChange],
  );
  // A server message on one of the rarer maps opens them.
  const moreError = MORE_MAP_KINDS.some((kind) => errors[kind]);
  useEffect(() => {
    if (moreError) setMore(true);
  }, [moreError]);

  const field = (kind: MaterialMapKind) => (
    <MapField
      key={kind}
      kind={kind}
      state={state}
      baseName={baseName}
      baseMaps={baseMaps}
      upload={uploads[kind] ?? null}
      onUpload={onUpload}
      removing={removals?.includes(kind) ?? false}
      onRemoval={onRemoval}
      error={errors[kind]}
      onBusy={onBusy}
      disabled={disabled}
    />
  );
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <div>
        <Title order={2} size="h4" id={headingId}>
          {t('maps.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {baseName ? t('maps.hintVariant', { base: baseName }) : t('maps.hint')}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" verticalSpacing="lg">
        {COMMON_MAP_KINDS.map(field)}
      </SimpleGrid>
      <Accordion
        variant="separated"
        radius="md"
        value={more ? 'more' : null}
        onChange={(value) => setMore(value === 'more')}
      >
        <Accordion.Item value="more">
          <Accordion.Control>{t('maps.more', { count: MORE_MAP_KINDS.length })}</Accordion.Control>
          <Accordion.Panel>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" verticalSpacing="lg">
              {MORE_MAP_KINDS.map(field)}
            </SimpleGrid>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}
