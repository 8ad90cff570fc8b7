import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKey } from '@/lib/api/query-keys.ts';
import { fetchLabels } from '@/lib/api/resources/labels/list-labels.api.ts';

/** Most labels the picker offers (the list engine's page cap). */
export const LABEL_OPTIONS_SHOWN = 100;

export interface LabelOption {
  id: number;
  name: string;
  color: string;
}

/** GET /labels: the company's labels for the labels picker, by name. */
export async function fetchLabelOptions(signal?: AbortSignal): Promise<LabelOption[]> {
  const body = await fetchLabels(
    { per_page: LABEL_OPTIONS_SHOWN, sort: 'name', included_fields: ['id', 'name', 'color'] },
    signal,
  );
  return body.data;
}

export function labelOptionsQueryOptions() {
  return queryOptions({ queryKey: queryKey('labels', 'options'), queryFn: ({ signal }) => fetchLabelOptions(signal) });
}

/** The labels picker's options; only asked when the user may list labels. */
export function useLabelOptions(enabled: boolean) {
  return useQuery({ ...labelOptionsQueryOptions(), enabled });
}
