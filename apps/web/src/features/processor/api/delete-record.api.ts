import { libraryItemEndpoints, materialEndpoints, projectModelEndpoints } from '@meshport/contract';
import { call } from '../../../lib/api/api-client.ts';

/** DELETE /projects/models/{id}: answers `{model_name, status}`. */
export function deleteModel(id: number) {
  return call(projectModelEndpoints.delete, { params: { id } });
}

/** DELETE /libraries/items/{id}: answers `{library_item_name, status}`; refused while connected to a model. */
export function deleteItem(id: number) {
  return call(libraryItemEndpoints.delete, { params: { id } });
}

/** DELETE /materials/{name}: answers `{material_name, status}`. */
export function deleteMaterial(name: string) {
  return call(materialEndpoints.delete, { params: { name } });
}

/** The restores behind a delete's Undo. */
export const restore = {
  model: (id: number) => call(projectModelEndpoints.restore, { params: { id } }),
  item: (id: number) => call(libraryItemEndpoints.restore, { params: { id } }),
  material: (name: string) => call(materialEndpoints.restore, { params: { name } }),
};
