/** My Company and the admin companies (administration.md §2). */
export const COMPANY_PATTERNS = {} as const;

/** Targets of this area not routed yet: links to them stay hidden (paths.test.ts checks both ways). */
export const COMPANY_PLANNED: readonly string[] = [
  '/user/company',
  '/admin/companies',
  '/admin/companies/create',
  '/admin/companies/edit/:id',
];

export const companyPaths = {
  myCompany: () => '/user/company',
  admin: {
    list: () => '/admin/companies',
    create: () => '/admin/companies/create',
    edit: (id: number) => `/admin/companies/edit/${id}`,
  },
} as const;
