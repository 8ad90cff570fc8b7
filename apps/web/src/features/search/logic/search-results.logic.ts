import type { GlobalSearchResponse, SearchCategory } from '@meshport/contract';

export interface SearchResultGroups {
  /** Categories with at least one match, in the order searched: each gets its table. */
  withResults: SearchCategory[];
  /** Categories searched without a match: collapsed into one line. */
  empty: SearchCategory[];
}

/** Splits the searched categories by whether the answer holds matches for them (a missing key has none). */
export function groupByResults(
  searched: readonly SearchCategory[],
  answer: GlobalSearchResponse['data'],
): SearchResultGroups {
  const withResults: SearchCategory[] = [];
  const empty: SearchCategory[] = [];
  for (const category of searched) {
    if ((answer[category]?.length ?? 0) > 0) withResults.push(category);
    else empty.push(category);
  }
  return { withResults, empty };
}
