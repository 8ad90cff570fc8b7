import { type QueryOf, userEndpoints } from '@meshport/contract';
import { call } from '../../api-client.ts';

/** GET /my-account: the signed-in user's own record, its fields chosen by `query`. */
export async function fetchMyAccount(query: QueryOf<typeof userEndpoints.myAccount>, signal?: AbortSignal) {
  return (await call(userEndpoints.myAccount, { query, signal })).data;
}
