import path from 'node:path';
import { companyEndpoints } from '@meshport/contract';
import { notFound } from '#core/http/http-error.ts';
import { defineRoute } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute } from '#core/list/list-routes.ts';
import { adminCompanyList } from './company.list.ts';
import { companyAssetUrl, presentMyCompany, presentPublicCompany } from './company.presenter.ts';
import { CompanyRepository } from './company.repository.ts';
import { type CompanyServices, companyWriteRoutes } from './company-write.routes.ts';
import { MyCompanyService } from './my-company.service.ts';

const IMAGE_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.bmp': 'image/bmp',
  '.webp': 'image/webp',
};

export function companyRoutes(services: CompanyServices) {
  const repository = new CompanyRepository(services.database);
  const engine = new ListEngine(services.database, services.changes);
  const companyList = adminCompanyList(services.config.baseDomain);
  const myCompany = new MyCompanyService(services.database, services.storage);

  const assetRoute = (asset: 'logo' | 'background-image') =>
    defineRoute(asset === 'logo' ? companyEndpoints.logo : companyEndpoints.backgroundImage, {
      access: 'public',
      async handler({ params, reply }) {
        const company = await services.tenants.bySubDomain(params.subdomain);
        const key = asset === 'logo' ? company?.logoPath : company?.backgroundImagePath;
        if (!company || !key || !(await services.storage.exists(key))) throw notFound('No such image.');
        return reply
          .type(IMAGE_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream')
          .header('cache-control', 'public, max-age=3600')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(services.storage.read(key));
      },
    });

  return [
    defineRoute(companyEndpoints.myCompany, {
      access: 'member',
      async handler({ tenant, platform }) {
        return { data: presentMyCompany(tenant.company, platform, await myCompany.demoModel(tenant.company)) };
      },
    }),
    defineRoute(companyEndpoints.switchable, {
      access: 'signed-in',
      async handler({ actor }) {
        const rows = await repository.switchableFor(actor.accountId, actor.admin);
        return {
          data: rows.map((company) => ({
            id: company.id,
            name: company.name,
            sub_domain: company.subDomain,
            logo: companyAssetUrl(company, 'logo'),
          })),
        };
      },
    }),
    defineRoute(companyEndpoints.public, {
      access: 'public',
      async handler({ params, tenant }) {
        const company = await services.tenants.bySubDomain(params.subdomain);
        if (!company) throw notFound(`There is no company "${params.subdomain}".`);
        return { data: presentPublicCompany(company, tenant?.platform ?? null) };
      },
    }),
    // Every company: not kept in the response cache, which is cleared per company.
    listRoute(engine, companyEndpoints.adminList, companyList, { access: 'admin', cache: false }),
    assetRoute('logo'),
    assetRoute('background-image'),
    ...companyWriteRoutes(services),
  ];
}
