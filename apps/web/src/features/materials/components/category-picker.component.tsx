import { MultiSelect, Select } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllCategories } from '../api/get-category-options.api.ts';
import { categoryOptions } from '../logic/category-tree.logic.ts';

interface CommonProps {
  label: string;
  placeholder?: string;
  description?: string;
  error?: string;
  disabled?: boolean;
}

/** Categories as ids, picked by their path ('Wood / Oak'), searchable. */
export function CategoriesPicker({
  value,
  onChange,
  required,
  ...common
}: CommonProps & { value: number[]; onChange: (ids: number[]) => void; required?: boolean }) {
  const { t } = useTranslation('materials');
  const query = useAllCategories();
  const options = useMemo(() => categoryOptions(query.data ?? []), [query.data]);
  return (
    <MultiSelect
      {...common}
      required={required}
      data={options}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      searchable
      clearable
      nothingFoundMessage={query.isPending ? t('common:states.loading') : t('empty.categoryOptions')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** One parent category, or none (the top level); `exclude` hides a category and its descendants. */
export function ParentCategoryPicker({
  value,
  onChange,
  exclude,
  ...common
}: CommonProps & { value: number | null; onChange: (id: number | null) => void; exclude?: number }) {
  const { t } = useTranslation('materials');
  const query = useAllCategories();
  const options = useMemo(() => categoryOptions(query.data ?? [], exclude), [query.data, exclude]);
  return (
    <Select
      {...common}
      data={options}
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(id === null ? null : Number(id))}
      searchable
      clearable
      nothingFoundMessage={query.isPending ? t('common:states.loading') : t('empty.categoryOptions')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
