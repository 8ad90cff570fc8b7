import { crc32 } from 'node:zlib';
import type { ChangelogType, Licence } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { type Database, type Db, queryRows } from '#core/db/database.ts';
import { plannedMaintenance } from '#core/maintenance/maintenance.table.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import { userActivity } from '#modules/account/activity/user-activity.table.ts';
import { changelogItems } from '#modules/administration/changelog/changelog.table.ts';
import { faqCategories, faqQuestions } from '#modules/administration/faq/faq.table.ts';
import { feedbackReports } from '#modules/administration/feedback-reports/feedback-report.table.ts';
import { issueReports } from '#modules/administration/issue-reports/issue-report.table.ts';
import { companyLicences } from '#modules/administration/licences/company-licence.table.ts';
import { groupMembers, groups } from '#modules/security/groups/group.table.ts';
import { downloads } from '#modules/tools/downloads/download.table.ts';
import { propertyMaps } from '#modules/tools/property-maps/property-map.table.ts';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const daysFromNow = (days: number, hours = 0) => new Date(Date.now() + days * DAY + hours * HOUR);
/** A `date` column value `days` from today (negative: in the past). */
const dateFromNow = (days: number) => daysFromNow(days).toISOString().slice(0, 10);

/** A one-page PDF, small and valid enough for any viewer. */
function manualPdf(): Buffer {
  const text = 'Meshport user manual - see the FAQ for the latest answers.';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length + 38} >>\nstream\nBT /F1 14 Tf 56 780 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A zip archive of stored (uncompressed) entries. */
function zipOf(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const SAMPLE_OBJ = `# A unit cube
v 0 0 0
v 1 0 0
v 1 1 0
v 0 1 0
v 0 0 1
v 1 0 1
v 1 1 1
v 0 1 1
f 1 2 3 4
f 5 8 7 6
f 1 5 6 2
f 2 6 7 3
f 3 7 8 4
f 5 1 4 8
`;

const LICENCES_BOUGHT: Record<'acme' | 'globex', Partial<Record<Licence, number>>> = {
  acme: { design_and_sales: 10, hatch: 5, standalone: 0, holo_helmet: 2, realization: 1 },
  globex: { design_and_sales: 3, hatch: 2, standalone: 1 },
};

const FAQ: { name: string; questions: [string, string][] }[] = [
  {
    name: 'Getting started',
    questions: [
      ['How do I sign in?', 'Open your company address and sign in with your username or e-mail and password.'],
      ['Which platform should I use?', 'Preparation & Content to prepare models; Designs and Sales to present them.'],
    ],
  },
  {
    name: 'Models and libraries',
    questions: [
      ['Which file types can I upload?', 'FBX, OBJ, DAE, 3DS, STL, PLY, glTF and zip archives of them.'],
      ['Why is my model still processing?', 'Large models take a few minutes; you get a notification when done.'],
      ['Can I restore a deleted model?', 'Yes, from Tools → Recycling bin within 30 days.'],
    ],
  },
  {
    name: 'Accounts and licences',
    questions: [
      ['Who hands out licences?', 'Users with the update-users permission, within the seats your company bought.'],
    ],
  },
];

/** name, description, day (from now), start and end hour of that day, created (days from now). */
const MAINTENANCE: [string, string | null, number, number, number, number][] = [
  ['Database upgrade', 'Upgrade to a newer PostgreSQL version', -30, 1, 3, -40],
  ['Storage migration', null, 14, 2, 4, -2],
  ['Quarterly maintenance', 'Operating system and security updates', 45, 1, 2, -1],
];

/** company, reporter, rating, comment, created (days from now). */
const FEEDBACK: [string, string, number, string | null, number][] = [
  ['acme', 'editor', 5, 'The processor is fast!', -8],
  ['acme', 'viewer', 3, 'Search could be smarter.', -4],
  ['acme', 'nolicence', 1, null, -3],
  ['globex', 'globex-editor', 4, 'Nice colours.', -1],
];

/** The first changelog item has a screenshot. */
const CHANGELOG_SCREENSHOT = 'changelog/1-screenshot.png';

/**
 * type, description, created, then the dates it reached development, test, acceptance and
 * production (all in days from now; a stage not reached yet is left out).
 */
const CHANGELOG: [ChangelogType, string, number, ...number[]][] = [
  ['added', 'Updates panel on the dashboard', -11, -10, -7, -3],
  ['fixed', 'Uploads of zip archives with folders', -7, -6, -4, -3, -1],
  ['updated', 'Faster material previews', -6, -5, -2, -1],
  ['added', 'Dutch translations', -4, -4, -1],
  ['fixed', 'Recycling bin shows the days left correctly', -2, -2],
  ['updated', 'Clearer licence checkboxes on the user form', -31, -30, -28, -25, -20],
];

/** Demo data of the administration area (groups, tools, licences, admin lists, activity). */
export async function seedDemoAdministration(database: Database, storage: FileStorage): Promise<void> {
  const already = await queryRows<{ n: number }>(database.system, sql`select count(*)::int as n from changelog_items`);
  if ((already[0]?.n ?? 0) > 0) return;

  const manual = manualPdf();
  const sample = zipOf([
    { name: 'cube.obj', data: Buffer.from(SAMPLE_OBJ) },
    { name: 'README.txt', data: Buffer.from('A unit cube to try the upload of a library item.\n') },
  ]);
  const changelogShot = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await storage.put('downloads/meshport-user-manual.pdf', manual);
  await storage.put('downloads/sample-kitchen-cube.zip', sample);
  await storage.put(CHANGELOG_SCREENSHOT, changelogShot);

  await database.system.transaction(async (transaction) => {
    const tx: Db = transaction;
    const companyRows = await queryRows<{ id: number; sub_domain: string }>(
      tx,
      sql`select id, sub_domain from companies where sub_domain in ('acme', 'globex')`,
    );
    const accountRows = await queryRows<{ id: number; username: string }>(tx, sql`select id, username from accounts`);
    const memberRows = await queryRows<{ company_id: number; account_id: number }>(
      tx,
      sql`select company_id, account_id from memberships`,
    );
    const company = (sub: string) => companyRows.find((row) => row.sub_domain === sub)?.id as number;
    const account = (username: string) => accountRows.find((row) => row.username === username)?.id ?? null;
    const acme = company('acme');
    const globex = company('globex');
    if (acme === undefined || globex === undefined) throw new Error('demo companies missing');

    const groupPlan: [number, string, string, string[]][] = [
      [acme, 'Designers', 'Prepare models and materials', ['editor', 'viewer', 'admin']],
      [acme, 'Sales team', 'Present projects to customers', ['viewer', 'nolicence']],
      [acme, 'Managers', 'Approve projects', ['editor']],
      [globex, 'Globex staff', 'Everyone at Globex', ['globex-editor', 'admin']],
    ];
    for (const [companyId, name, description, usernames] of groupPlan) {
      const [group] = await tx.insert(groups).values({ companyId, name, description }).returning({ id: groups.id });
      const members = usernames
        .map(account)
        .filter((id): id is number => id !== null)
        .filter((id) => memberRows.some((m) => m.company_id === companyId && m.account_id === id));
      if (group && members.length) {
        await tx.insert(groupMembers).values(members.map((accountId) => ({ companyId, groupId: group.id, accountId })));
      }
    }

    await tx.insert(downloads).values([
      {
        name: 'Meshport user manual',
        extension: 'pdf',
        filePath: 'downloads/meshport-user-manual.pdf',
        size: manual.length,
        createdAt: daysFromNow(-20),
        updatedAt: daysFromNow(-20),
      },
      {
        name: 'Sample kitchen cube',
        extension: 'zip',
        filePath: 'downloads/sample-kitchen-cube.zip',
        size: sample.length,
        createdAt: daysFromNow(-5),
        updatedAt: daysFromNow(-2),
      },
    ]);

    await tx.insert(propertyMaps).values([
      { companyId: acme, name: 'Oak veneer', createdAt: daysFromNow(-9) },
      { companyId: acme, name: 'Brushed steel', createdAt: daysFromNow(-6) },
      { companyId: acme, name: 'Matte lacquer', createdAt: daysFromNow(-3) },
      { companyId: globex, name: 'Globex default', createdAt: daysFromNow(-4) },
    ]);

    for (const [sub, bought] of Object.entries(LICENCES_BOUGHT)) {
      await tx
        .insert(companyLicences)
        .values(Object.entries(bought).map(([licenceKey, n]) => ({ companyId: company(sub), licenceKey, bought: n })));
    }

    // Windows in the past and the future only: an active one would put the demo in maintenance.
    await tx.insert(plannedMaintenance).values(
      MAINTENANCE.map(([name, description, day, from, to, created]) => ({
        name,
        description,
        startDatetime: daysFromNow(day, from),
        endDatetime: daysFromNow(day, to),
        createdAt: daysFromNow(created),
      })),
    );

    for (const [index, category] of FAQ.entries()) {
      const at = daysFromNow(-10 + index * 3);
      const [row] = await tx
        .insert(faqCategories)
        .values({ name: category.name, createdAt: at, updatedAt: at })
        .returning({ id: faqCategories.id });
      if (!row) continue;
      await tx.insert(faqQuestions).values(
        category.questions.map(([question, answer], position) => ({
          categoryId: row.id,
          question,
          answer,
          position,
        })),
      );
    }

    await tx.insert(issueReports).values([
      {
        companyId: acme,
        accountId: account('editor'),
        title: 'Preview of a large model stays grey',
        description: 'The 300 MB kitchen model finishes, but its preview image is empty.',
        status: 'open',
        severity: 'high',
        products: { hatch: '1' },
        externalLink: 'https://tracker.example/MESH-101',
        createdAt: daysFromNow(-6),
      },
      {
        companyId: acme,
        accountId: account('viewer'),
        title: 'Typo on the login page',
        description: null,
        status: 'resolved',
        severity: 'lowest',
        products: { customerportal: '1' },
        createdAt: daysFromNow(-12),
      },
      {
        companyId: acme,
        accountId: account('editor'),
        title: 'Exporter crashes on empty materials',
        description: 'Exporting a model whose material has no texture crashes the exporter.',
        status: 'in_progress',
        severity: 'highest',
        products: { exporter: '1', hatch: '1' },
        createdAt: daysFromNow(-2),
      },
      {
        companyId: globex,
        accountId: account('globex-editor'),
        title: 'Mobile viewer is slow',
        description: 'Rotating a scene on a phone stutters.',
        status: 'open',
        severity: 'medium',
        products: { mobile: '1' },
        createdAt: daysFromNow(-1),
      },
    ]);

    await tx.insert(feedbackReports).values(
      FEEDBACK.map(([sub, username, rating, comment, created]) => ({
        companyId: company(sub),
        accountId: account(username),
        rating,
        comment,
        createdAt: daysFromNow(created),
      })),
    );

    await tx.insert(changelogItems).values(
      CHANGELOG.map(([type, description, created, ...stages], index) => {
        const [development, test, acceptance, production] = stages.map(dateFromNow);
        return {
          type,
          description,
          screenshotPath: index === 0 ? CHANGELOG_SCREENSHOT : undefined,
          dateOnDevelopment: development,
          dateOnTest: test,
          dateOnAcceptance: acceptance,
          dateOnProduction: production,
          createdAt: daysFromNow(created),
        };
      }),
    );

    const actions = ['Signed in', 'Updated project "Show kitchen"', 'Uploaded model "Island unit"', 'Signed in'];
    const activity = memberRows.flatMap((member) =>
      actions.map((action, index) => ({
        companyId: member.company_id,
        accountId: member.account_id,
        action,
        createdAt: daysFromNow(-(actions.length - index), -index),
      })),
    );
    if (activity.length) await tx.insert(userActivity).values(activity);
  });
}
