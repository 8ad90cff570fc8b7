import { ABILITY_GROUPS, type Ability, type Licence } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { accounts, membershipLicences, memberships, roleAbilities, roles } from '#core/auth/account.table.ts';
import { hashPassword } from '#core/auth/password.ts';
import { type Database, queryRows } from '#core/db/database.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import { companies } from '#core/tenancy/company.table.ts';
import { READER_ABILITIES, READER_DESCRIPTION } from '#modules/administration/companies/company-starter-roles.ts';
import { seedDemoAdministration } from './demo-admin.seed.ts';
import { seedDemoContent } from './demo-content.seed.ts';
import { seedDemoNotifications } from './demo-notifications.seed.ts';
import { ensureReferenceData } from './reference-data.ts';

export const DEMO_PASSWORD = 'meshport-demo-2026';

const EDITOR_ABILITIES: Ability[] = [
  ...ABILITY_GROUPS.projects,
  ...ABILITY_GROUPS.models,
  ...ABILITY_GROUPS.designs,
  ...ABILITY_GROUPS.sharing,
  ...ABILITY_GROUPS.libraries,
  ...ABILITY_GROUPS.libraryItems,
  ...ABILITY_GROUPS.materials,
  ...ABILITY_GROUPS.materialCategories,
  ...ABILITY_GROUPS.processor,
  ...ABILITY_GROUPS.security,
  ...ABILITY_GROUPS.tools,
  ...ABILITY_GROUPS.company,
];
/** Content and the company's details, no security or tools (docs/decisions/0045). */
const VIEWER_ABILITIES: readonly Ability[] = READER_ABILITIES;
/** A salesperson (issue 30): reads content, saves designs of the models and shares them by a link. */
const SALES_ABILITIES: readonly Ability[] = [
  ...READER_ABILITIES,
  'create-designs',
  'update-designs',
  'create-share-links',
];
const ROLE_DESCRIPTIONS = {
  Editor: 'Creates and manages all content',
  Viewer: READER_DESCRIPTION,
  Sales: 'Reads content, saves designs and shares them by a link',
} as const;

const ACME_LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 64" role="img" aria-label="Acme Kitchens">
<rect x="4" y="8" width="48" height="48" rx="10" fill="#B4441C"/>
<path d="M16 44 L28 18 L40 44 M21 34 H35" stroke="#FFF7E8" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
<text x="64" y="41" font-family="Helvetica, Arial, sans-serif" font-size="24" font-weight="700" fill="#3B2A20">Acme Kitchens</text>
</svg>
`;

interface DemoUser {
  username: string;
  name: string;
  admin?: boolean;
  memberships: { company: 'acme' | 'globex'; role: keyof typeof ROLE_DESCRIPTIONS; licences: Licence[] }[];
}

const DEMO_USERS: DemoUser[] = [
  {
    username: 'admin',
    name: 'Ada Admin',
    admin: true,
    memberships: [
      { company: 'acme', role: 'Editor', licences: ['design_and_sales', 'hatch'] },
      { company: 'globex', role: 'Editor', licences: ['design_and_sales', 'hatch'] },
    ],
  },
  {
    username: 'editor',
    name: 'Eddie Editor',
    memberships: [{ company: 'acme', role: 'Editor', licences: ['design_and_sales', 'hatch'] }],
  },
  {
    username: 'viewer',
    name: 'Vera Viewer',
    memberships: [{ company: 'acme', role: 'Viewer', licences: ['design_and_sales'] }],
  },
  {
    username: 'sales',
    name: 'Sam Sales',
    memberships: [{ company: 'acme', role: 'Sales', licences: ['design_and_sales'] }],
  },
  { username: 'nolicence', name: 'Noah Nolicence', memberships: [{ company: 'acme', role: 'Viewer', licences: [] }] },
  {
    username: 'globex-editor',
    name: 'Greta Globex',
    memberships: [{ company: 'globex', role: 'Editor', licences: ['design_and_sales', 'hatch'] }],
  },
];

export const DEMO_USERNAMES = DEMO_USERS.map((user) => user.username);

/** True when the database has no company yet: the first start of an empty database. */
export async function isEmpty(database: Database): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(database.system, sql`select count(*)::int as n from companies`);
  return (rows[0]?.n ?? 0) === 0;
}

/** The demo tenants and users of the README. Safe to run twice: existing rows are kept. */
export async function seedDemo(database: Database, storage: FileStorage): Promise<void> {
  await ensureReferenceData(database);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await database.system.transaction(async (tx) => {
    await tx
      .insert(companies)
      .values([
        {
          name: 'Acme Kitchens',
          subDomain: 'acme',
          primaryColor: '#B4441C',
          primaryAccent: '#F2C14E',
          logoPath: 'companies/acme/logo.svg',
          address: 'Keukenstraat 12',
          postalCode: '1012 AB',
          city: 'Amsterdam',
          country: 'Netherlands',
          website: 'https://acme.example',
          description: 'Made-to-measure kitchens, designed in 3D.',
          autodeskIntegration: 'yes',
        },
        { name: 'Globex Interiors', subDomain: 'globex', primaryColor: 'default', primaryAccent: 'default' },
      ])
      .onConflictDoNothing();
    const companyRows = await tx.select({ id: companies.id, subDomain: companies.subDomain }).from(companies);
    const companyId = (sub: string) => {
      const found = companyRows.find((c) => c.subDomain === sub);
      if (!found) throw new Error(`demo company ${sub} missing`);
      return found.id;
    };
    const roleIds = new Map<string, number>();
    for (const sub of ['acme', 'globex']) {
      for (const [title, keys] of [
        ['Editor', EDITOR_ABILITIES],
        ['Viewer', VIEWER_ABILITIES],
        ['Sales', SALES_ABILITIES],
      ] as const) {
        const existing = await queryRows<{ id: number }>(
          tx,
          sql`select id from roles where company_id = ${companyId(sub)} and title = ${title}`,
        );
        let id = existing[0]?.id;
        if (id === undefined) {
          const [row] = await tx
            .insert(roles)
            .values({
              companyId: companyId(sub),
              title,
              description: ROLE_DESCRIPTIONS[title],
            })
            .returning({ id: roles.id });
          id = row?.id as number;
          await tx
            .insert(roleAbilities)
            .values(keys.map((abilityKey) => ({ companyId: companyId(sub), roleId: id as number, abilityKey })));
        }
        roleIds.set(`${sub}:${title}`, id);
      }
    }
    for (const user of DEMO_USERS) {
      const [inserted] = await tx
        .insert(accounts)
        .values({
          name: user.name,
          username: user.username,
          email: `${user.username}@meshport.example`,
          passwordHash,
          isAdmin: user.admin ?? false,
          emailVerifiedAt: new Date(),
        })
        .onConflictDoNothing()
        .returning({ id: accounts.id });
      if (!inserted) continue;
      for (const membership of user.memberships) {
        const cid = companyId(membership.company);
        await tx.insert(memberships).values({
          companyId: cid,
          accountId: inserted.id,
          roleId: roleIds.get(`${membership.company}:${membership.role}`) ?? null,
        });
        if (membership.licences.length) {
          await tx
            .insert(membershipLicences)
            .values(membership.licences.map((licenceKey) => ({ companyId: cid, accountId: inserted.id, licenceKey })));
        }
      }
    }
  });
  await storage.put('companies/acme/logo.svg', ACME_LOGO);
  await seedDemoContent(database, storage);
  await seedDemoAdministration(database, storage);
  await seedDemoNotifications(database, storage);
}
