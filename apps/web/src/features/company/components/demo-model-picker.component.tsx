import { Group, Image, Select, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { PanelError } from '@/shared/ui/query-state.component.tsx';
import { type DemoModelOption, useFinishedModels } from '../api/get-finished-models.api.ts';

interface DemoModelPickerProps {
  value: string | null;
  onChange: (value: string | null) => void;
  /** The stored demo model, shown even before the list has loaded. */
  current: DemoModelOption | null;
  error?: string;
}

function Preview({ model, size }: { model: DemoModelOption; size: number }) {
  return model.preview_image_url ? (
    <Image src={model.preview_image_url} alt="" w={size} h={size} fit="cover" radius="sm" />
  ) : (
    <ThemeIcon variant="light" size={size} radius="sm" aria-hidden>
      <Icon name="photo" size={Math.round(size / 2)} />
    </ThemeIcon>
  );
}

/** Company Demo Model: finished models with preview image and name (administration.md §2). */
export function DemoModelPicker({ value, onChange, current, error }: DemoModelPickerProps) {
  const { t } = useTranslation('company');
  const models = useFinishedModels();
  const known = models.data ?? [];
  const options = current && !known.some((m) => m.id === current.id) ? [current, ...known] : known;
  const byId = new Map(options.map((m) => [String(m.id), m]));
  const chosen = value ? byId.get(value) : undefined;
  if (models.isError) return <PanelError error={models.error} onRetry={() => void models.refetch()} />;
  return (
    <Stack gap="sm">
      <Select
        label={t('fields.demo_model')}
        placeholder={models.isPending ? t('demoModel.loading') : t('demoModel.none')}
        data={options.map((m) => ({ value: String(m.id), label: m.name }))}
        value={value}
        onChange={onChange}
        clearable
        searchable
        nothingFoundMessage={t('demoModel.empty')}
        error={error}
        renderOption={({ option }) => {
          const model = byId.get(option.value);
          return (
            <Group gap="sm" wrap="nowrap">
              {model && <Preview model={model} size={40} />}
              <Text size="sm">{option.label}</Text>
            </Group>
          );
        }}
      />
      {chosen ? (
        <Group gap="md" wrap="nowrap">
          <Preview model={chosen} size={120} />
          <Text fw={600}>{chosen.name}</Text>
        </Group>
      ) : (
        !models.isPending && known.length === 0 && <Text c="dimmed">{t('demoModel.empty')}</Text>
      )}
    </Stack>
  );
}
