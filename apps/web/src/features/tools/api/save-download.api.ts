import { type BodyOf, downloadEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';
import { useSave } from '@/lib/api/use-save.hook.ts';

/** POST /admin/downloads, or POST /admin/downloads/{id} with _method=PATCH: multipart with the file. */
export function useSaveDownload(id: number | null) {
  return useSave(['downloads'], async (form: FormData) => {
    const body = form as unknown as BodyOf<typeof downloadEndpoints.create>;
    return id === null
      ? (await call(downloadEndpoints.create, { body })).data
      : (await call(downloadEndpoints.update, { params: { id }, body })).data;
  });
}
