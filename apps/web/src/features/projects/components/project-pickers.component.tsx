import { Badge, Group, MultiSelect, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LabelLike } from './label-badges.component.tsx';

interface PickerProps<T> {
  /** Everything the company has, when the user may list it; null otherwise. */
  options: T[] | null;
  /** What the record holds now (shown even when the options cannot be listed). */
  current: T[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  loading: boolean;
  loadFailed: boolean;
}

function merged<T extends { id: number }>(options: T[] | null, current: T[]): T[] {
  const all = [...(options ?? [])];
  for (const item of current) if (!all.some((option) => option.id === item.id)) all.push(item);
  return all;
}

/** The members picker over the company's users. */
export function MembersPicker({
  options,
  current,
  value,
  onChange,
  error,
  loading,
  loadFailed,
}: PickerProps<{ id: number; name: string }>) {
  const { t } = useTranslation('projects');
  const data = merged(options, current).map((user) => ({ value: String(user.id), label: user.name }));
  return (
    <MultiSelect
      label={t('form.members')}
      description={options === null ? t('form.membersReadOnly') : t('form.membersHint')}
      placeholder={value.length === 0 ? t('form.membersPlaceholder') : undefined}
      data={data}
      value={value}
      onChange={onChange}
      error={error ?? (loadFailed ? t('form.optionsFailed') : undefined)}
      disabled={options === null && !loading}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={loading ? t('form.optionsLoading') : t('empty')}
      maxDropdownHeight={260}
    />
  );
}

/** The labels picker over the company's labels, each option in its colour. */
export function LabelsPicker({
  options,
  current,
  value,
  onChange,
  error,
  loading,
  loadFailed,
}: PickerProps<LabelLike>) {
  const { t } = useTranslation('projects');
  const all = merged(options, current);
  const data = all.map((label) => ({ value: String(label.id), label: label.name }));
  const colorOf = (id: string) => all.find((label) => String(label.id) === id)?.color ?? 'gray';
  return (
    <MultiSelect
      label={t('form.labels')}
      description={options === null ? t('form.labelsReadOnly') : t('form.labelsHint')}
      placeholder={value.length === 0 ? t('form.labelsPlaceholder') : undefined}
      data={data}
      value={value}
      onChange={onChange}
      error={error ?? (loadFailed ? t('form.optionsFailed') : undefined)}
      disabled={options === null && !loading}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={loading ? t('form.optionsLoading') : t('empty')}
      maxDropdownHeight={260}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <Badge color={colorOf(option.value)} variant="filled" size="xs" circle aria-hidden="true">
            {' '}
          </Badge>
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
    />
  );
}
