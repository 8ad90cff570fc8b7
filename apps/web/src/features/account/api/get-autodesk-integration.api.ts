import { useQuery } from '@tanstack/react-query';
import { myCompanyQueryOptions } from '@/lib/api/resources/companies/get-my-company.api.ts';

/** GET /companies/my-company's `autodesk_integration`: the card is hidden when it is 'no'. */
export function useAutodeskIntegration() {
  return useQuery({ ...myCompanyQueryOptions(), select: (company) => company.autodesk_integration });
}
