import { type CompanyLicence, companyLicenceSchema, LICENCES, type Licence } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { requireCompanyId } from '../access/access.ts';
import type { Services } from '../app/services.ts';
import { queryRows } from '../db/database.ts';
import { defineRoute } from '../http/route.ts';

/**
 * Licences of the request's company: seats bought (company_licences) and in use
 * (membership_licences), one entry per tenant licence of administration.md §3, in that order.
 */
export function licenceRoutes(services: Services) {
  return [
    defineRoute({
      method: 'GET',
      url: '/companies/my-company/licences',
      access: { permission: 'view-company|edit-company|view-system-users|update-users|create-users' },
      summary: 'Licences of this company with bought and used counts',
      tags: ['companies'],
      schema: { response: { 200: z.object({ data: z.array(companyLicenceSchema) }) } },
      async handler({ request }) {
        const companyId = requireCompanyId(request);
        const rows = await services.database.tenant({ companyId, accountId: request.actor?.accountId }, (tx) =>
          queryRows<{ licence: string; bought: number; used: number }>(
            tx,
            sql`select l.key as licence,
                  coalesce((select bought from company_licences cl where cl.licence_key = l.key), 0)::int as bought,
                  (select count(*) from membership_licences ml where ml.licence_key = l.key)::int as used
                from licences l`,
          ),
        );
        const byKey = new Map(rows.map((row) => [row.licence, row]));
        const data: CompanyLicence[] = LICENCES.map((licence: Licence) => ({
          licence,
          bought: byKey.get(licence)?.bought ?? 0,
          used: byKey.get(licence)?.used ?? 0,
        }));
        return { data };
      },
    }),
  ];
}
