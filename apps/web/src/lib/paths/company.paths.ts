/** My Company and the admin companies (administration.md §2). */
export const COMPANY_PATTERNS = {
  'my-company': '/user/company',
  'admin-companies': '/admin/companies',
  'admin-company-create': '/admin/companies/create',
  'admin-company-edit': '/admin/companies/edit/:id',
} as const;

/** Targets of this area not routed yet: links to them stay hidden (paths.test.ts checks both ways). */
export const COMPANY_PLANNED: readonly string[] = [];

export const companyPaths = {
  myCompany: () => '/user/company',
  admin: {
    list: () => '/admin/companies',
    create: () => '/admin/companies/create',
    edit: (id: number) => `/admin/companies/edit/${id}`,
  },
} as const;
