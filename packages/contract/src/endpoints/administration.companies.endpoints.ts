import { z } from 'zod';
import {
  adminCompanySchema,
  companySummarySchema,
  myCompanySchema,
  publicCompanySchema,
  subDomainParamsSchema,
} from '../company.ts';
import { defineEndpoint, defineListEndpoint } from '../endpoint.ts';
import { binaryAnswerSchema } from './shared.endpoints.ts';

function assetEndpoint(asset: 'logo' | 'background-image') {
  return defineEndpoint({
    method: 'GET',
    path: `/companies/:subdomain/${asset}`,
    summary: `The company's ${asset.replace('-', ' ')}`,
    tags: ['companies'],
    params: subDomainParamsSchema,
    answer: binaryAnswerSchema,
  });
}

export const companyEndpoints = {
  myCompany: defineEndpoint({
    method: 'GET',
    path: '/companies/my-company',
    summary: 'The company of this host, with its colours (shell.md §4)',
    tags: ['companies'],
    answer: z.object({ data: myCompanySchema }),
  }),
  switchable: defineEndpoint({
    method: 'GET',
    path: '/companies',
    summary: 'The companies this person may switch to',
    tags: ['companies'],
    answer: z.object({ data: z.array(companySummarySchema) }),
  }),
  public: defineEndpoint({
    method: 'GET',
    path: '/companies/:subdomain',
    summary: 'Name, logo and colours of a company, for its login page',
    tags: ['companies'],
    params: subDomainParamsSchema,
    answer: z.object({ data: publicCompanySchema }),
  }),
  adminList: defineListEndpoint({
    path: '/admin/companies',
    summary: 'Every company (platform admins)',
    tags: ['admin'],
    row: adminCompanySchema,
    sorts: ['id', 'name', 'domain', 'sub_domain', 'created_at', 'updated_at'],
    filters: { search: z.string() },
    trashed: true,
  }),
  logo: assetEndpoint('logo'),
  backgroundImage: assetEndpoint('background-image'),
};
