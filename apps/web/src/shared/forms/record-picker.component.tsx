import { type ComboboxParsedItem, MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ListEndpoint } from '@meshport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api/api-client.ts';
import { type QueryResource, queryKey } from '@/lib/api/query-keys.ts';
import { SEARCH_DEBOUNCE_MS } from '../resource-list/list-state.logic.ts';
import type { FilterNameOf, RowOf } from '../resource-list/resource-list.types.ts';

export interface PickerOption {
  value: string;
  label: string;
}

/** How many matches the picker loads per search. */
const PICKER_PAGE_SIZE = 50;

interface PickerBase<E extends ListEndpoint> {
  /** Any contract list: `labelEndpoints.list`, `userEndpoints.list`, `libraryEndpoints.list` … */
  endpoint: E;
  /** The query key's resource (refreshed with the list's other queries). */
  resource: QueryResource;
  toOption: (row: RowOf<E>) => PickerOption;
  /** Fixed filters (e.g. `{ status: 'active' }`); search is added as the user types. */
  filter?: Partial<Record<FilterNameOf<E>, string>>;
  includedFields?: string[];
  sort?: string;
  /** Options of the current value (e.g. the record's labels), so their names show before any search. */
  known?: PickerOption[];
  /** Values that may not be chosen (a library cannot be its own parent). */
  exclude?: string[];
  label: string;
  placeholder?: string;
  description?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
}

export type RecordPickerProps<E extends ListEndpoint> = PickerBase<E> &
  (
    | { multiple: true; value: string[]; onChange: (value: string[]) => void }
    | { multiple?: false; value: string | null; onChange: (value: string | null) => void }
  );

type SendList = (endpoint: ListEndpoint, input: unknown) => Promise<{ data: unknown[] }>;

/**
 * Picks one or more records of any list endpoint, searching it (250 ms debounce) as the user
 * types; chosen records keep their names while other searches run.
 */
export function RecordPicker<E extends ListEndpoint>(props: RecordPickerProps<E>) {
  const { t } = useTranslation();
  const { endpoint, resource, toOption, filter, includedFields, sort = 'name', known, exclude } = props;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = {
    per_page: PICKER_PAGE_SIZE,
    page: 1,
    sort,
    filter: { ...filter, ...(debounced ? { search: debounced } : {}) },
    ...(includedFields ? { included_fields: includedFields } : {}),
  };
  const answer = useQuery({
    queryKey: queryKey(resource, 'picker', endpoint.path, query),
    queryFn: ({ signal }) => (call as unknown as SendList)(endpoint, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: !props.disabled,
  });
  const seen = useRef(new Map<string, PickerOption>());
  for (const option of known ?? []) seen.current.set(option.value, option);
  const loaded = useMemo(
    () => ((answer.data?.data ?? []) as RowOf<E>[]).map((row) => toOption(row)),
    [answer.data, toOption],
  );
  for (const option of loaded) seen.current.set(option.value, option);

  const chosen = props.multiple ? props.value : props.value ? [props.value] : [];
  const data = new Map<string, PickerOption>();
  for (const value of chosen) {
    const option = seen.current.get(value);
    if (option) data.set(value, option);
  }
  for (const option of loaded) {
    if (!exclude?.includes(option.value)) data.set(option.value, option);
  }
  const common = {
    label: props.label,
    placeholder: props.placeholder ?? t('forms.pickerSearch'),
    description: props.description,
    error: props.error,
    required: props.required,
    disabled: props.disabled,
    data: [...data.values()],
    searchable: true,
    searchValue: search,
    onSearchChange: setSearch,
    // The server filters; the picker shows what it answered.
    filter: ({ options }: { options: ComboboxParsedItem[] }) => options,
    nothingFoundMessage: answer.isFetching ? t('forms.pickerLoading') : t('forms.pickerEmpty'),
  } as const;
  if (props.multiple) {
    return (
      <MultiSelect {...common} value={props.value} onChange={props.onChange} clearable hidePickedOptions={false} />
    );
  }
  return <Select {...common} value={props.value} onChange={(value) => props.onChange(value)} clearable />;
}
