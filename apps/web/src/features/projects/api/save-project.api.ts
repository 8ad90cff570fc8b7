import { type Project, projectEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';
import { type ProjectFormMode, type ProjectFormValues, type SavePlan, savePlan } from '../logic/project-form.logic.ts';
import { updateProject } from './update-project.api.ts';

export interface SaveProjectInput {
  mode: ProjectFormMode;
  /** The project edited or copied. */
  id: number | null;
  /** The parent of a new sub-project. */
  parentId: number | null;
  values: ProjectFormValues;
}

type Body = Exclude<SavePlan, { kind: 'json-then-image' }>['body'];

async function send(mode: ProjectFormMode, id: number | null, body: Body): Promise<Project> {
  if (mode === 'create') return (await call(projectEndpoints.create, { body })).data;
  if (id === null) throw new Error(`${mode} without a project`);
  if (mode === 'edit') return updateProject(id, body);
  return (await call(projectEndpoints.copy, { params: { id }, body })).data;
}

/**
 * POST /projects, PATCH /projects/{id} or POST /projects/{id}/copy, as the plan says (JSON,
 * multipart, or JSON then the image on the saved record). Answers the saved project.
 */
export async function saveProject({ mode, id, parentId, values }: SaveProjectInput): Promise<Project> {
  const plan = savePlan(values, mode, parentId);
  if (plan.kind !== 'json-then-image') return send(mode, id, plan.body);
  const saved = await send(mode, id, plan.body);
  const form = new FormData();
  form.set('preview_image', plan.image);
  return updateProject(saved.id, form);
}

/** The save of the project form; every cached project answer refreshes after it. */
export function useSaveProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveProject,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKey('projects') }),
  });
}
