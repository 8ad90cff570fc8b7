import { CURRENT_ENVIRONMENT, changelogEndpoints } from '@meshport/contract';
import { count } from '@/lib/api/api-client.ts';

/** How many items Sync would date: those without a date for the current environment. */
export async function countUnsynced(): Promise<number> {
  return count(changelogEndpoints.list, { query: { filter: { missing_environment: CURRENT_ENVIRONMENT } } });
}
