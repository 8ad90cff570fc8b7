/** Labels, downloads, property maps and the recycling bin (administration.md §2). */
export const TOOLS_PATTERNS = {} as const;

/** Targets of this area not routed yet: links to them stay hidden (paths.test.ts checks both ways). */
export const TOOLS_PLANNED: readonly string[] = [
  '/tools/labels',
  '/tools/labels/create',
  '/tools/labels/edit/:id',
  '/tools/downloads',
  '/tools/downloads/create',
  '/tools/downloads/edit/:id',
  '/tools/property-maps',
  '/tools/property-maps/create',
  '/tools/property-maps/edit/:id',
  '/tools/trash',
];

export const toolsPaths = {
  labels: {
    list: () => '/tools/labels',
    create: () => '/tools/labels/create',
    edit: (id: number) => `/tools/labels/edit/${id}`,
  },
  downloads: {
    list: () => '/tools/downloads',
    create: () => '/tools/downloads/create',
    edit: (id: number) => `/tools/downloads/edit/${id}`,
  },
  propertyMaps: {
    list: () => '/tools/property-maps',
    create: () => '/tools/property-maps/create',
    edit: (id: number) => `/tools/property-maps/edit/${id}`,
  },
  trash: () => '/tools/trash',
} as const;
