/** Labels, downloads, property maps and the recycling bin (administration.md §2). */
export const TOOLS_PATTERNS = {
  'tools-labels': '/tools/labels',
  'tools-label-create': '/tools/labels/create',
  'tools-label-edit': '/tools/labels/edit/:id',
  'tools-downloads': '/tools/downloads',
  'tools-download-create': '/tools/downloads/create',
  'tools-download-edit': '/tools/downloads/edit/:id',
  'tools-property-maps': '/tools/property-maps',
  'tools-property-map-create': '/tools/property-maps/create',
  'tools-property-map-edit': '/tools/property-maps/edit/:id',
  'tools-trash': '/tools/trash',
} as const;

/** Targets of this area not routed yet: links to them stay hidden (paths.test.ts checks both ways). */
export const TOOLS_PLANNED: readonly string[] = [];

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
