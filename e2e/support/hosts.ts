/** The demo hosts (first label of `[platform-]tenant.meshport.localhost`). */
export const HOSTS = {
  acmeHatch: 'hatch-acme',
  acmeCustomerportal: 'customerportal-acme',
  globexHatch: 'hatch-globex',
  globexCustomerportal: 'customerportal-globex',
} as const;

export type Host = (typeof HOSTS)[keyof typeof HOSTS];

export const DEMO_PASSWORD = 'meshport-demo-2026';

/** The demo users of the README and their display names. */
export const DEMO_USERS = {
  admin: { name: 'Ada Admin', email: 'admin@meshport.example' },
  editor: { name: 'Eddie Editor', email: 'editor@meshport.example' },
  viewer: { name: 'Vera Viewer', email: 'viewer@meshport.example' },
  sales: { name: 'Sam Sales', email: 'sales@meshport.example' },
  nolicence: { name: 'Noah Nolicence', email: 'nolicence@meshport.example' },
  'globex-editor': { name: 'Greta Globex', email: 'globex-editor@meshport.example' },
} as const;

export type DemoUsername = keyof typeof DEMO_USERS;
