import { LICENCES, type Licence } from '@meshport/contract';

export interface AdminCompanyFormValues {
  name: string;
  sub_domain: string;
  licences: Record<Licence, number>;
  admin_name: string;
  admin_email: string;
}

/** The form's start: empty for a new company, the stored values for an edit. */
export function adminCompanyInitialValues(record?: {
  name: string;
  sub_domain: string;
  licences: Record<string, number>;
}): AdminCompanyFormValues {
  const licences = Object.fromEntries(LICENCES.map((key) => [key, record?.licences[key] ?? 0])) as Record<
    Licence,
    number
  >;
  return { name: record?.name ?? '', sub_domain: record?.sub_domain ?? '', licences, admin_name: '', admin_email: '' };
}
