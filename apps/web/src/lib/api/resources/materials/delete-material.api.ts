import { materialEndpoints } from '@meshport/contract';
import { call } from '../../api-client.ts';

/** DELETE /materials/{name}: answers `{material_name, status}`; refused while connected to a model. */
export function deleteMaterial(name: string) {
  return call(materialEndpoints.delete, { params: { name } });
}
