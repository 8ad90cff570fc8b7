import { Button, Card, Checkbox, Stack, Title, UnstyledButton } from '@mantine/core';
import type { SearchCategory } from '@meshport/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/shared/ui/icons.component.tsx';
import {
  type CheckState,
  categoriesOfGroup,
  checkState,
  FILTER_GROUPS,
  isChecked,
  type SearchFilters,
  setCategories,
  toggleCategory,
} from '../logic/search-filters.logic.ts';
import classes from './search.module.css';

interface SearchFiltersMenuProps {
  available: readonly SearchCategory[];
  filters: SearchFilters;
  onChange: (filters: SearchFilters) => void;
  onReset: () => void;
  /** On small screens the menu starts folded behind its heading, so the results come first. */
  collapsible?: boolean;
}

function toggleProps(state: CheckState) {
  return { checked: state === 'all', indeterminate: state === 'some' };
}

/** The filter side menu (shell.md §2): 'All', one toggle per group, one checkbox per category, reset. */
export function SearchFiltersMenu({
  available,
  filters,
  onChange,
  onReset,
  collapsible = false,
}: SearchFiltersMenuProps) {
  const { t } = useTranslation('search');
  const headingId = useId();
  const panelId = useId();
  const [unfolded, setUnfolded] = useState(false);
  const opened = !collapsible || unfolded;
  const all = checkState(filters, available);
  return (
    <Card withBorder radius="lg" padding="lg" component="aside" aria-labelledby={headingId} className={classes.filters}>
      <Title order={2} size="h4" id={headingId} mb={opened ? 'md' : 0}>
        {collapsible ? (
          <UnstyledButton
            className={classes.filtersToggle}
            aria-expanded={unfolded}
            aria-controls={unfolded ? panelId : undefined}
            onClick={() => setUnfolded((value) => !value)}
          >
            {t('filters.title')}
            <Icon name={unfolded ? 'chevronUp' : 'chevronDown'} size={18} />
          </UnstyledButton>
        ) : (
          t('filters.title')
        )}
      </Title>
      {opened && (
        <Stack gap="md" id={panelId}>
          <Checkbox
            label={t('filters.all')}
            {...toggleProps(all)}
            onChange={() => onChange(setCategories(filters, available, all !== 'all'))}
            fw={600}
          />
          {FILTER_GROUPS.map((group) => {
            const categories = categoriesOfGroup(group, available);
            if (categories.length === 0) return null;
            const state = checkState(filters, categories);
            return (
              <fieldset key={group} style={{ border: 0, margin: 0, padding: 0 }}>
                <legend style={{ padding: 0 }}>
                  <Checkbox
                    label={t(`filters.groups.${group}`)}
                    {...toggleProps(state)}
                    onChange={() => onChange(setCategories(filters, categories, state !== 'all'))}
                    fw={600}
                  />
                </legend>
                <Stack gap={6} pl="lg" mt={6}>
                  {categories.map((category) => (
                    <Checkbox
                      key={category}
                      size="sm"
                      label={t(`categories.${category}`)}
                      checked={isChecked(filters, category)}
                      onChange={() => onChange(toggleCategory(filters, category))}
                    />
                  ))}
                </Stack>
              </fieldset>
            );
          })}
          <Button variant="light" onClick={onReset}>
            {t('filters.reset')}
          </Button>
        </Stack>
      )}
    </Card>
  );
}
