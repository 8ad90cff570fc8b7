import { z } from 'zod';
import {
  adminCompanySchema,
  companySummarySchema,
  myCompanySchema,
  publicCompanySchema,
  subDomainParamsSchema,
} from '../company.ts';
import { adminCompanyCreateSchema, adminCompanyUpdateSchema, myCompanySaveSchema } from '../company-saves.ts';
import { defineEndpoint, defineListEndpoint } from '../endpoint.ts';
import { idParamsSchema } from '../ids.ts';
import { binaryAnswerSchema, deleteAnswerSchema } from './shared.endpoints.ts';

export {
  AUTODESK_INTEGRATIONS,
  COMPANY_BACKGROUND_TYPES,
  COMPANY_CHANGED_EVENT,
  COMPANY_COLOR_INVALID,
  COMPANY_COLOR_PATTERN,
  COMPANY_FALLBACK_COLORS,
  COMPANY_LOGO_TYPES,
  MAX_COMPANY_IMAGE_BYTES,
} from '../company-constants.ts';

export {
  adminCompanyCreateSchema,
  adminCompanyUpdateSchema,
  licenceCountsField,
  myCompanySaveSchema,
  subDomainField,
} from '../company-saves.ts';

/** One company for the admin forms: the list row with its bought seats. */
export const adminCompanyRecordSchema = adminCompanySchema.extend({
  licences: z.record(z.string(), z.number().int()),
});

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
  update: defineEndpoint({
    method: 'PATCH',
    path: '/companies/my-company',
    summary: 'Changes the company of this host (POST with _method=PATCH, multipart); answers the updated tenant',
    tags: ['companies'],
    body: myCompanySaveSchema,
    answer: z.object({ data: myCompanySchema }),
  }),
  adminGet: defineEndpoint({
    method: 'GET',
    path: '/admin/companies/:id',
    summary: 'One company with its bought seats (platform admins)',
    tags: ['admin'],
    params: idParamsSchema,
    answer: z.object({ data: adminCompanyRecordSchema }),
  }),
  adminCreate: defineEndpoint({
    method: 'POST',
    path: '/admin/companies',
    summary: 'Provisions a company: sub-domain, roles, licences and a first administrator who is mailed an invitation',
    tags: ['admin'],
    body: adminCompanyCreateSchema,
    answer: z.object({ data: adminCompanyRecordSchema }),
    status: 201,
  }),
  adminUpdate: defineEndpoint({
    method: 'PATCH',
    path: '/admin/companies/:id',
    summary: 'Changes name, sub-domain or bought seats of a company',
    tags: ['admin'],
    params: idParamsSchema,
    body: adminCompanyUpdateSchema,
    answer: z.object({ data: adminCompanyRecordSchema }),
  }),
  adminDelete: defineEndpoint({
    method: 'DELETE',
    path: '/admin/companies/:id',
    summary: 'Removes a company and everything of it, stored files included; never the company one is signed in on',
    tags: ['admin'],
    params: idParamsSchema,
    answer: deleteAnswerSchema('company_name'),
  }),
  logo: assetEndpoint('logo'),
  backgroundImage: assetEndpoint('background-image'),
};
