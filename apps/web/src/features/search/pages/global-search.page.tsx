import { Alert, Card, Grid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { GlobalSearchResponse, SearchCategory } from '@meshport/contract';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { PanelError, SkeletonRows } from '@/shared/ui/query-state.component.tsx';
import { useGlobalSearch } from '../api/get-global-search.api.ts';
import { SearchFiltersMenu } from '../components/search-filters.component.tsx';
import { SearchResultsTable } from '../components/search-results-table.component.tsx';
import {
  availableCategories,
  DEFAULT_FILTERS,
  enabledCategories,
  readFilters,
  type SearchFilters,
  searchTerm,
  writeFilters,
} from '../logic/search-filters.logic.ts';
import { groupByResults } from '../logic/search-results.logic.ts';

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

interface SearchResultsProps {
  term: string;
  searched: SearchCategory[];
  data: GlobalSearchResponse['data'];
}

/** A table per category with matches; the categories without any named on one line below them. */
function SearchResults({ term, searched, data }: SearchResultsProps) {
  const { t } = useTranslation('search');
  const user = useCurrentUser();
  const { platform } = useTenant();
  const { withResults, empty } = groupByResults(searched, data);
  return (
    <Stack gap="lg">
      {withResults.length === 0 && (
        <Alert color="blue" variant="light" icon={<Icon name="search" />} role="status">
          {t('nothingFound', { term })}
        </Alert>
      )}
      {withResults.map((category) => (
        <SearchResultsTable
          key={category}
          category={category}
          rows={data[category] ?? []}
          user={user}
          platform={platform}
        />
      ))}
      {empty.length > 0 && withResults.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('noResultsIn', { categories: empty.map((category) => t(`categories.${category}`)).join(', ') })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * /global-search?search={text} (shell.md §2): a table per category with matches, the empty ones
 * collapsed into one line, and the filter side menu.
 */
export default function GlobalSearchPage() {
  const { t } = useTranslation('search');
  const user = useCurrentUser();
  const { platform } = useTenant();
  const [params] = useSearchParams();
  const term = searchTerm(params);
  const [filters, setFilters] = useState<SearchFilters>(() => readFilters(sessionStore()));
  useEffect(() => writeFilters(sessionStore(), filters), [filters]);

  const available = useMemo(() => availableCategories(user, platform), [user, platform]);
  const enabled = enabledCategories(filters, available);
  const query = useGlobalSearch(term, enabled);
  // Side by side from md on; above the results on smaller screens, folded so that the results come first.
  const sideBySide = useMediaQuery('(min-width: 62em)', undefined, { getInitialValueInEffect: false });

  let results: ReactNode;
  if (term === null) {
    results = (
      <Alert color="yellow" variant="light" icon={<Icon name="alert" />} role="alert">
        {t('emptyTerm')}
      </Alert>
    );
  } else if (enabled.length === 0) {
    results = (
      <Alert color="blue" variant="light" icon={<Icon name="filter" />} role="status">
        {t('allDisabled')}
      </Alert>
    );
  } else if (query.isError) {
    results = <PanelError error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    const data = query.isPlaceholderData ? undefined : query.data;
    results = data ? (
      <SearchResults term={term} searched={enabled} data={data} />
    ) : (
      <Card withBorder radius="lg" padding="lg">
        <SkeletonRows rows={6} height={28} label={t('loading')} />
      </Card>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {term === null ? t('headingEmpty') : t('heading', { term })}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8, xl: 9 }} order={{ base: 2, md: 1 }}>
          {results}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4, xl: 3 }} order={{ base: 1, md: 2 }}>
          <SearchFiltersMenu
            available={available}
            filters={filters}
            onChange={setFilters}
            onReset={() => setFilters(DEFAULT_FILTERS)}
            collapsible={!sideBySide}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
