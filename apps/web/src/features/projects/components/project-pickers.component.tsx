import { Badge, Group, MultiSelect, type MultiSelectProps, Text } from '@mantine/core';
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

type LinkField = 'members' | 'labels';

/** One multi-select over the company's records of a kind, the record's own kept in view. */
function LinkPicker<T extends { id: number; name: string }>({
  field,
  options,
  current,
  value,
  onChange,
  error,
  loading,
  loadFailed,
  renderOption,
}: PickerProps<T> & { field: LinkField; renderOption?: MultiSelectProps['renderOption'] }) {
  const { t } = useTranslation('projects');
  const data = merged(options, current).map((item) => ({ value: String(item.id), label: item.name }));
  return (
    <MultiSelect
      label={t(`form.${field}`)}
      description={options === null ? t(`form.${field}ReadOnly`) : t(`form.${field}Hint`)}
      placeholder={value.length === 0 ? t(`form.${field}Placeholder`) : undefined}
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
      renderOption={renderOption}
    />
  );
}

/** The members picker over the company's users. */
export function MembersPicker(props: PickerProps<{ id: number; name: string }>) {
  return <LinkPicker field="members" {...props} />;
}

/** The labels picker over the company's labels, each option in its colour. */
export function LabelsPicker(props: PickerProps<LabelLike>) {
  const colorOf = (id: string) =>
    merged(props.options, props.current).find((label) => String(label.id) === id)?.color ?? 'gray';
  return (
    <LinkPicker
      field="labels"
      {...props}
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
