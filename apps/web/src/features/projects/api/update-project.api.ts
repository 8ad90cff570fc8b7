import { type BodyOf, type Project, projectEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';

/** PATCH /projects/{id}: the fields given (JSON), or the form's fields and image (multipart). */
export async function updateProject(
  id: number,
  body: BodyOf<typeof projectEndpoints.update> | FormData,
): Promise<Project> {
  return (await call(projectEndpoints.update, { params: { id }, body })).data;
}
