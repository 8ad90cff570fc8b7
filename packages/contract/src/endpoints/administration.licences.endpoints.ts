import { z } from 'zod';
import { companyLicenceSchema } from '../administration.ts';
import { defineEndpoint } from '../endpoint.ts';

export const licenceEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/companies/my-company/licences',
    summary: 'Licences of this company with bought and used counts',
    tags: ['companies'],
    answer: z.object({ data: z.array(companyLicenceSchema) }),
  }),
};
