import { materialEndpoints } from '@meshport/contract';
import { call } from '../../api-client.ts';

/** POST /materials/{name}/restore: the material (and its variants deleted along) back from the bin. */
export function restoreMaterial(name: string) {
  return call(materialEndpoints.restore, { params: { name } });
}
