import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBaseMaterialOptions } from '../api/get-material-options.api.ts';

/** Spec: the search input waits 250 ms (content.md §9). */
const SEARCH_DEBOUNCE_MS = 250;

interface BaseMaterialPickerProps {
  value: string | null;
  onChange: (name: string | null) => void;
  /** The material being edited: it cannot be its own base. */
  self: string;
  label: string;
  description?: string;
  placeholder?: string;
  error?: string;
}

/** The base material (parent_name) of a variant: a searchable Select over the base materials. */
export function BaseMaterialPicker({ value, onChange, self, ...common }: BaseMaterialPickerProps) {
  const { t } = useTranslation('materials');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // While the search shows the chosen value, list every base material rather than that one only.
  const query = useBaseMaterialOptions(term === value ? '' : term);
  const options = useMemo(() => {
    const names = new Set(query.data ?? []);
    if (value) names.add(value);
    names.delete(self);
    return [...names].sort((a, b) => a.localeCompare(b));
  }, [query.data, value, self]);
  return (
    <Select
      {...common}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: shown }) => shown}
      nothingFoundMessage={query.isPending ? t('common:states.loading') : t('empty.materialOptions')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
