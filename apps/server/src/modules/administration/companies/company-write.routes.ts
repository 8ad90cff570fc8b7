import { COMPANY_CHANGED_EVENT, companyEndpoints, contentChannel } from '@meshport/contract';
import type { CoreServices } from '#core/core-services.ts';
import { notFound, ValidationError } from '#core/http/http-error.ts';
import { defineRoute, type RouteDefinition } from '#core/http/route.ts';
import type { PasswordResetService } from '#modules/account/password-reset/password-reset.service.ts';
import { AdminCompanyService } from './admin-company.service.ts';
import { presentMyCompany } from './company.presenter.ts';
import { MyCompanyService } from './my-company.service.ts';

/** Renaming the host one works on would pull it away under the open pages: do it from another company. */
export const MOVES_OWN_HOST = 'This is the company you are signed in on: change its sub-domain from another company.';

export type CompanyServices = CoreServices & { passwordReset: PasswordResetService };

/** My Company's save and the admin companies' create, change and delete (administration.md §7). */
export function companyWriteRoutes(services: CompanyServices): RouteDefinition[] {
  const myCompany = new MyCompanyService(services.database, services.storage);
  const admin = new AdminCompanyService(services.database, services.storage, services.config.baseDomain);
  const freshCompany = async (id: number) => {
    services.tenants.invalidate();
    const company = await admin.companyRow(id);
    if (!company) throw notFound('No such company.');
    return company;
  };

  return [
    defineRoute(companyEndpoints.update, {
      access: { permission: 'edit-company' },
      async handler({ actor, companyId, platform, body }) {
        await myCompany.update({ companyId, accountId: actor.accountId, admin: actor.admin }, body);
        const company = await freshCompany(companyId);
        // Every open session of the company re-reads its colours and logo (a small event, no data).
        services.realtime.emit(contentChannel(companyId), COMPANY_CHANGED_EVENT, {});
        return { data: presentMyCompany(company, platform, await myCompany.demoModel(company)) };
      },
    }),
    defineRoute(companyEndpoints.adminGet, {
      access: 'admin',
      async handler({ params }) {
        return { data: await admin.record(params.id) };
      },
    }),
    defineRoute(companyEndpoints.adminCreate, {
      access: 'admin',
      async handler({ body, request, platform }) {
        const created = await admin.create(body);
        services.tenants.invalidate();
        if (created.invite) {
          // The new company's own host, on the platform this request came in on.
          const place = { subDomain: body.sub_domain, platform };
          await services.passwordReset
            .invite({ accountId: created.invite.accountId, tenantName: body.name, place, ip: request.ip })
            .catch((error: unknown) => request.log.error({ err: error }, 'invitation of a new company failed'));
        }
        return { data: await admin.record(created.companyId) };
      },
    }),
    defineRoute(companyEndpoints.adminUpdate, {
      access: 'admin',
      async handler({ params, body, companyId, tenant }) {
        if (params.id === companyId && body.sub_domain !== undefined && body.sub_domain !== tenant.company.subDomain) {
          throw new ValidationError({ sub_domain: [MOVES_OWN_HOST] });
        }
        await admin.update(params.id, body);
        services.tenants.invalidate();
        return { data: await admin.record(params.id) };
      },
    }),
    defineRoute(companyEndpoints.adminDelete, {
      access: 'admin',
      async handler({ params, companyId }) {
        const name = await admin.delete(params.id, companyId);
        services.tenants.invalidate();
        return { company_name: name, status: 'deleted' as const };
      },
    }),
  ];
}
