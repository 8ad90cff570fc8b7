import { faqCategoryEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';

export function deleteFaqCategory(id: number) {
  return call(faqCategoryEndpoints.delete, { params: { id } });
}
