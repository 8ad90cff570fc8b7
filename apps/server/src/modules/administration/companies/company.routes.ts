import path from 'node:path';
import { companySummarySchema, myCompanySchema, publicCompanySchema } from '@meshport/contract';
import { z } from 'zod';
import type { Services } from '../app/services.ts';
import { notFound } from '../http/http-error.ts';
import { defineRoute } from '../http/route.ts';
import { ListEngine } from '../list/list-engine.ts';
import { adminCompanyList } from './company.list.ts';
import { companyAssetUrl, presentMyCompany, presentPublicCompany } from './company.presenter.ts';
import { CompanyRepository } from './company.repository.ts';

const subDomainParams = z.object({ subdomain: z.string().min(1).max(63) });
const IMAGE_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.bmp': 'image/bmp',
  '.webp': 'image/webp',
};

export function companyRoutes(services: Services) {
  const repository = new CompanyRepository(services.database);
  const engine = new ListEngine(services.database, services.changes);
  const companyList = adminCompanyList(services.config.baseDomain);
  const platformOf = (request: { tenant: { platform: import('@meshport/contract').PlatformKey | null } | null }) =>
    request.tenant?.platform ?? null;

  const assetRoute = (asset: 'logo' | 'background-image') =>
    defineRoute({
      method: 'GET',
      url: `/companies/:subdomain/${asset}`,
      access: 'public',
      summary: `The company's ${asset.replace('-', ' ')}`,
      tags: ['companies'],
      schema: { params: subDomainParams },
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
    defineRoute({
      method: 'GET',
      url: '/companies/my-company',
      access: {},
      summary: 'The company of this host, with its colours (shell.md §4)',
      tags: ['companies'],
      schema: { response: { 200: z.object({ data: myCompanySchema }) } },
      async handler({ request }) {
        if (!request.tenant) throw notFound();
        return { data: presentMyCompany(request.tenant.company, platformOf(request)) };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/companies',
      access: 'signed-in',
      summary: 'The companies this person may switch to',
      tags: ['companies'],
      schema: { response: { 200: z.object({ data: z.array(companySummarySchema) }) } },
      async handler({ request }) {
        const actor = request.actor;
        if (!actor) return { data: [] };
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
    defineRoute({
      method: 'GET',
      url: '/companies/:subdomain',
      access: 'public',
      summary: 'Name, logo and colours of a company, for its login page',
      tags: ['companies'],
      schema: { params: subDomainParams, response: { 200: z.object({ data: publicCompanySchema }) } },
      async handler({ params, request }) {
        const company = await services.tenants.bySubDomain(params.subdomain);
        if (!company) throw notFound(`There is no company "${params.subdomain}".`);
        return { data: presentPublicCompany(company, platformOf(request)) };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/admin/companies',
      access: { admin: true },
      summary: 'Every company (platform admins)',
      tags: ['admin'],
      schema: {},
      rawQuery: true,
      handler: ({ request }) => engine.list(request, companyList),
    }),
    assetRoute('logo'),
    assetRoute('background-image'),
  ];
}
