import { type CompanyLicence, LICENCES, type Licence, licenceEndpoints } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import type { CoreServices } from '#core/core-services.ts';
import { queryRows } from '#core/db/database.ts';
import { defineRoute } from '#core/http/route.ts';

/**
 * Licences of the request's company: seats bought (company_licences) and in use
 * (membership_licences), one entry per tenant licence, in the spec's order (design_and_sales,
 * hatch, standalone, holo_helmet, realization: administration.md §3).
 */
export function licenceRoutes(services: CoreServices) {
  return [
    defineRoute(licenceEndpoints.list, {
      access: { permission: 'view-company|edit-company|view-system-users|update-users|create-users' },
      cache: { tables: ['licences', 'company_licences', 'membership_licences'] },
      async handler({ companyId, actor }) {
        const rows = await services.database.tenant({ companyId, accountId: actor.accountId }, (tx) =>
          queryRows<{ licence: string; bought: number; used: number }>(
            tx,
            // The company named, not only left to row-level security: Citus then routes the
            // subqueries on the reference table `licences` to one shard (docs/scale.md).
            sql`select l.key as licence,
                  coalesce((select bought from company_licences cl
                    where cl.company_id = ${companyId} and cl.licence_key = l.key), 0)::int as bought,
                  (select count(*) from membership_licences ml
                    where ml.company_id = ${companyId} and ml.licence_key = l.key)::int as used
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
