import {
  type ApiClient,
  changelogEndpoints,
  companyEndpoints,
  downloadEndpoints,
  faqCategoryEndpoints,
  feedbackReportEndpoints,
  groupEndpoints,
  issueReportEndpoints,
  labelEndpoints,
  libraryEndpoints,
  libraryItemEndpoints,
  materialCategoryEndpoints,
  materialEndpoints,
  plannedMaintenanceEndpoints,
  projectModelEndpoints,
  propertyMapEndpoints,
  roleEndpoints,
  TOP_LEVEL_FILTER_VALUE,
  userEndpoints,
} from '@meshport/contract';
import { ROUTE_PATTERNS, type RouteId } from '../../apps/web/src/lib/paths/paths.ts';

/**
 * How the route timings reach every route of the web app (apps/web/src/lib/paths): who opens it, whether
 * it exists on Designs and Sales too, and the demo records that fill its `:params`. Keyed by RouteId, so a
 * route added to the paths files does not compile here until it is given a case.
 */

/** The demo records of one host, read through the API (editor's and admin's tokens), each asked once. */
export class DemoRecords {
  private readonly asked = new Map<string, Promise<string | number>>();

  constructor(
    private readonly editor: ApiClient,
    private readonly admin: ApiClient,
  ) {}

  private once(key: string, read: () => Promise<string | number | undefined>): Promise<string | number> {
    let answer = this.asked.get(key);
    if (!answer) {
      answer = read().then((value) => {
        if (value === undefined) throw new Error(`the demo has no ${key} to open`);
        return value;
      });
      this.asked.set(key, answer);
    }
    return answer;
  }

  /** A processed model (its project has content to show). */
  readonly model = () =>
    this.once('finished model', async () => {
      const rows = await this.editor.call(projectModelEndpoints.list, {
        query: { per_page: 1, filter: { status: 'FINISHED' } },
      });
      return rows.data[0]?.id;
    });
  readonly project = () =>
    this.once('project of a finished model', async () => {
      const rows = await this.editor.call(projectModelEndpoints.list, {
        query: { per_page: 1, filter: { status: 'FINISHED' } },
      });
      return rows.data[0]?.project_id;
    });
  readonly library = () =>
    this.once('library', async () => {
      const rows = await this.editor.call(libraryEndpoints.list, {
        query: { per_page: 1, filter: { parent_id: TOP_LEVEL_FILTER_VALUE } },
      });
      return rows.data[0]?.id;
    });
  readonly item = () =>
    this.once('library item', async () => {
      const rows = await this.editor.call(libraryItemEndpoints.list, {
        query: { per_page: 1, filter: { status: 'FINISHED' } },
      });
      return rows.data[0]?.id;
    });
  readonly material = () =>
    this.once('base material', async () => {
      const rows = await this.editor.call(materialEndpoints.list, {
        query: { per_page: 1, filter: { parent_name: TOP_LEVEL_FILTER_VALUE } },
      });
      return rows.data[0]?.name;
    });
  readonly materialCategory = () =>
    this.once('material category', async () => {
      const rows = await this.editor.call(materialCategoryEndpoints.list, { query: { per_page: 1 } });
      return rows.data[0]?.id;
    });
  readonly user = () =>
    this.once('user', async () => (await this.editor.call(userEndpoints.list, { query: { per_page: 1 } })).data[0]?.id);
  readonly role = () =>
    this.once('role', async () => (await this.editor.call(roleEndpoints.list, { query: { per_page: 1 } })).data[0]?.id);
  readonly group = () =>
    this.once(
      'group',
      async () => (await this.editor.call(groupEndpoints.list, { query: { per_page: 1 } })).data[0]?.id,
    );
  readonly label = () =>
    this.once(
      'label',
      async () => (await this.editor.call(labelEndpoints.list, { query: { per_page: 1 } })).data[0]?.id,
    );
  readonly download = () =>
    this.once(
      'download',
      async () => (await this.admin.call(downloadEndpoints.list, { query: { per_page: 1 } })).data[0]?.id,
    );
  readonly propertyMap = () =>
    this.once(
      'property map',
      async () => (await this.editor.call(propertyMapEndpoints.list, { query: { per_page: 1 } })).data[0]?.id,
    );
  readonly faqCategory = () =>
    this.once(
      'FAQ category',
      async () => (await this.editor.call(faqCategoryEndpoints.list, { query: { per_page: 1 } })).data[0]?.id,
    );
  readonly company = () =>
    this.once(
      'company',
      async () => (await this.admin.call(companyEndpoints.adminList, { query: { per_page: 1 } })).data[0]?.id,
    );
  readonly adminUser = () =>
    this.once(
      'account',
      async () => (await this.admin.call(userEndpoints.adminList, { query: { per_page: 1 } })).data[0]?.id,
    );
  readonly maintenance = () =>
    this.once(
      'planned maintenance',
      async () => (await this.admin.call(plannedMaintenanceEndpoints.list, { query: { per_page: 1 } })).data[0]?.id,
    );
  readonly changelog = () =>
    this.once(
      'changelog item',
      async () => (await this.admin.call(changelogEndpoints.list, { query: { per_page: 1 } })).data[0]?.id,
    );
  readonly issueReport = () =>
    this.once(
      'issue report',
      async () => (await this.admin.call(issueReportEndpoints.list, { query: { per_page: 1 } })).data[0]?.id,
    );
  readonly feedbackReport = () =>
    this.once(
      'feedback report',
      async () => (await this.admin.call(feedbackReportEndpoints.list, { query: { per_page: 1 } })).data[0]?.id,
    );
}

type Fill = (demo: DemoRecords) => Promise<string | number>;

export interface RouteCase {
  /** Why a signed-in user is not timed on it (the guest-only sign-in screens, a mailed one-off link). */
  skip?: string;
  /** Opened by an admin (the route's guard asks for one); the editor otherwise. */
  admin?: true;
  /** The route table limits it to Preparation & Content (guard platform 'hatch'). */
  hatchOnly?: true;
  /** The record of each `:param` of the pattern. */
  params?: Record<string, Fill>;
  /** A query the screen needs to show content (the search term). */
  query?: string;
}

const GUEST_ONLY = 'guest-only: a signed-in visitor is sent to the dashboard';

export const ROUTE_CASES: { [Id in RouteId]: RouteCase } = {
  login: { skip: GUEST_ONLY },
  'forgot-password': { skip: GUEST_ONLY },
  'reset-password': { skip: GUEST_ONLY },
  'verify-email': { skip: 'opened only through the one-off token of a mail' },
  portal: {},
  invitations: {},
  dashboard: {},
  'global-search': { query: '?search=kitchen' },
  unauthorized: {},
  projects: {},
  'project-create': {},
  'project-create-sub': { hatchOnly: true, params: { projectId: (d) => d.project() } },
  'project-edit': { params: { projectId: (d) => d.project() } },
  'project-copy': { params: { projectId: (d) => d.project() } },
  'project-overview': { params: { projectId: (d) => d.project() } },
  'project-manage': { params: { projectId: (d) => d.project() } },
  'model-overview': { params: { modelId: (d) => d.model() } },
  'model-create': { hatchOnly: true },
  'model-create-in-project': { hatchOnly: true, params: { projectId: (d) => d.project() } },
  'model-edit': { hatchOnly: true, params: { modelId: (d) => d.model() } },
  libraries: {},
  library: { params: { libraryId: (d) => d.library() } },
  'library-create': { hatchOnly: true },
  'library-create-sub': { hatchOnly: true, params: { parentId: (d) => d.library() } },
  'library-edit': { hatchOnly: true, params: { libraryId: (d) => d.library() } },
  'item-overview': { params: { itemId: (d) => d.item() } },
  'item-edit': { hatchOnly: true, params: { itemId: (d) => d.item() } },
  'item-create': { hatchOnly: true },
  'item-create-in-library': { hatchOnly: true, params: { libraryId: (d) => d.library() } },
  materials: { hatchOnly: true },
  'material-category': { hatchOnly: true, params: { categoryId: (d) => d.materialCategory() } },
  'material-overview': { hatchOnly: true, params: { materialName: (d) => d.material() } },
  'material-edit': { hatchOnly: true, params: { materialName: (d) => d.material() } },
  'material-create': { hatchOnly: true },
  'material-create-in-category': { hatchOnly: true, params: { categoryId: (d) => d.materialCategory() } },
  'material-create-variant': { hatchOnly: true, params: { baseMaterialName: (d) => d.material() } },
  'material-import': { hatchOnly: true },
  'category-create': { hatchOnly: true },
  'category-create-sub': { hatchOnly: true, params: { categoryId: (d) => d.materialCategory() } },
  'category-edit': { hatchOnly: true, params: { categoryId: (d) => d.materialCategory() } },
  processor: { hatchOnly: true },
  'account-profile': {},
  'my-company': {},
  'admin-companies': { admin: true },
  'admin-company-create': { admin: true },
  'admin-company-edit': { admin: true, params: { id: (d) => d.company() } },
  'security-users': {},
  'security-user-create': {},
  'security-user-edit': { params: { id: (d) => d.user() } },
  'security-roles': {},
  'security-role-create': {},
  'security-role-edit': { params: { id: (d) => d.role() } },
  'security-groups': {},
  'security-group-create': {},
  'security-group-edit': { params: { id: (d) => d.group() } },
  'admin-users': { admin: true },
  'admin-user-create': { admin: true },
  'admin-user-edit': { admin: true, params: { id: (d) => d.adminUser() } },
  'tools-labels': {},
  'tools-label-create': {},
  'tools-label-edit': { params: { id: (d) => d.label() } },
  'tools-downloads': {},
  'tools-download-create': { admin: true },
  'tools-download-edit': { admin: true, params: { id: (d) => d.download() } },
  'tools-property-maps': { hatchOnly: true },
  'tools-property-map-create': { hatchOnly: true },
  'tools-property-map-edit': { hatchOnly: true, params: { id: (d) => d.propertyMap() } },
  'tools-trash': {},
  'admin-maintenance': { admin: true },
  'admin-maintenance-create': { admin: true },
  'admin-maintenance-edit': { admin: true, params: { id: (d) => d.maintenance() } },
  'admin-changelog': { admin: true },
  'admin-changelog-create': { admin: true },
  'admin-changelog-edit': { admin: true, params: { id: (d) => d.changelog() } },
  faq: {},
  'faq-create': { admin: true },
  'faq-category': { params: { categoryId: (d) => d.faqCategory() } },
  'issue-report': {},
  'feedback-report': {},
  'admin-issue-reports': { admin: true },
  'admin-issue-report-overview': { admin: true, params: { id: (d) => d.issueReport() } },
  'admin-feedback-reports': { admin: true },
  'admin-feedback-report-overview': { admin: true, params: { id: (d) => d.feedbackReport() } },
};

/** The route's pattern with every `:param` replaced by its demo record (throws on a param without one). */
export async function routeUrl(id: RouteId, demo: DemoRecords): Promise<string> {
  const routeCase = ROUTE_CASES[id];
  let path: string = ROUTE_PATTERNS[id];
  for (const [name, fill] of Object.entries(routeCase.params ?? {})) {
    path = path.replace(`:${name}`, encodeURIComponent(String(await fill(demo))));
  }
  if (path.includes(':')) throw new Error(`route ${id} (${ROUTE_PATTERNS[id]}) has a :param without a demo record`);
  return path + (routeCase.query ?? '');
}

/** Every route id of the paths files, in their order. */
export const ROUTE_IDS = Object.keys(ROUTE_PATTERNS) as RouteId[];
