import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickerOption } from '../api/search-libraries.api.ts';
import { pickerData } from '../logic/picker.logic.ts';

const SEARCH_DEBOUNCE_MS = 250;

type OptionsHook = (search: string) => UseQueryResult<PickerOption[]>;

interface CommonProps {
  label: string;
  placeholder?: string;
  error?: string;
  description?: string;
  /** Options to leave out (a library cannot be its own parent). */
  exclude?: ReadonlySet<number>;
  /** Searches the server's list as the user types. */
  useOptions: OptionsHook;
}

/** Keeps only the matches: the server has filtered already. */
const serverFiltered = <T,>({ options }: { options: T }) => options;

/** One record of a list, searched on the server (the parent library). */
export function RecordPicker({
  value,
  onChange,
  known,
  clearable = true,
  useOptions,
  exclude,
  ...props
}: CommonProps & {
  value: number | null;
  onChange: (value: number | null, option: PickerOption | null) => void;
  /** The chosen record's name, when it is known before any search. */
  known: PickerOption | null;
  clearable?: boolean;
}) {
  const { t } = useTranslation('libraries');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const query = useOptions(known && search === known.name ? '' : debounced);
  const data = useMemo(() => pickerData(query.data ?? [], known ? [known] : [], exclude), [query.data, known, exclude]);
  return (
    <Select<number>
      {...props}
      data={data}
      value={value}
      onChange={(next, option) => onChange(next, next === null || !option ? null : { id: next, name: option.label })}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      clearable={clearable}
      nothingFoundMessage={t('empty.libraryOptions')}
    />
  );
}

/** Several records of a list, searched on the server (labels, libraries of an item, move targets). */
export function RecordMultiPicker({
  value,
  onChange,
  useOptions,
  exclude,
  nothingFound,
  ...props
}: CommonProps & {
  value: PickerOption[];
  onChange: (value: PickerOption[]) => void;
  nothingFound: string;
  required?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const query = useOptions(debounced);
  const data = useMemo(() => pickerData(query.data ?? [], value, exclude), [query.data, value, exclude]);
  return (
    <MultiSelect<number>
      {...props}
      data={data}
      value={value.map((option) => option.id)}
      onChange={(ids) => {
        const names = new Map(data.map((item) => [item.value, item.label]));
        onChange(ids.map((id) => ({ id, name: names.get(id) ?? String(id) })));
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      clearable
      nothingFoundMessage={nothingFound}
    />
  );
}
