import { Accordion, Button, Group, MultiSelect, Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PER_PAGE_OPTIONS } from './list-state.logic.ts';
import classes from './resource-list.module.css';
import type { FilterOption, ListFilterDeclaration, ListState, SortOption } from './resource-list.types.ts';

interface ListFiltersProps<Page> {
  state: ListState;
  sorts: SortOption[];
  filters: ListFilterDeclaration<Page>[];
  page: Page | undefined;
  onChange: (change: Partial<Omit<ListState, 'page'>>) => void;
  onReset: () => void;
  canReset: boolean;
}

function optionsOf<Page>(filter: ListFilterDeclaration<Page>, page: Page | undefined): FilterOption[] {
  return typeof filter.options === 'function' ? filter.options(page) : filter.options;
}

/** The filter panel (content.md §9: an accordion at most 500 px high): sort, rows per page, filters, reset. */
export function ListFilters<Page>({
  state,
  sorts,
  filters,
  page,
  onChange,
  onReset,
  canReset,
}: ListFiltersProps<Page>) {
  const { t } = useTranslation();
  return (
    <Accordion variant="contained" radius="md" mb="md" chevronPosition="right">
      <Accordion.Item value="filter">
        <Accordion.Control>{t('resourceList.filter')}</Accordion.Control>
        <Accordion.Panel>
          <div className={classes.filterPanel}>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              {sorts.length > 0 && (
                <Select
                  label={t('resourceList.sort')}
                  data={sorts}
                  value={state.sort}
                  allowDeselect={false}
                  onChange={(value) => value && onChange({ sort: value })}
                />
              )}
              <Select
                label={t('resourceList.perPage')}
                data={PER_PAGE_OPTIONS.map((count) => ({ value: String(count), label: String(count) }))}
                value={String(state.perPage)}
                allowDeselect={false}
                onChange={(value) => value && onChange({ perPage: Number(value) })}
              />
              {filters.map((filter) => {
                const data = optionsOf(filter, page);
                const value = state.filters[filter.name] ?? '';
                if (filter.kind === 'multiselect') {
                  return (
                    <MultiSelect
                      key={filter.name}
                      label={filter.label}
                      data={data}
                      value={value === '' ? [] : value.split(',')}
                      searchable
                      clearable
                      onChange={(values) => onChange({ filters: { [filter.name]: values.join(',') } })}
                    />
                  );
                }
                return (
                  <Select
                    key={filter.name}
                    label={filter.label}
                    data={data}
                    value={value === '' ? null : value}
                    clearable
                    placeholder={t('resourceList.all')}
                    onChange={(next) => onChange({ filters: { [filter.name]: next ?? '' } })}
                  />
                );
              })}
            </SimpleGrid>
            <Group justify="flex-end" mt="md">
              <Button variant="default" size="sm" onClick={onReset} disabled={!canReset}>
                {t('resourceList.reset')}
              </Button>
            </Group>
          </div>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
