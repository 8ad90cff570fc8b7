import pg from 'pg';
import { TENANT } from './bench-setup.ts';

/** Records of the large tenant that the scenarios name. */
export interface FixtureIds {
  /** A leaf library (no sub-libraries). */
  library: number;
  /** A library three levels down, with a parent chain for its breadcrumbs and sub-libraries of its own. */
  nested: number;
  category: number;
}

export async function fixtureIds(url: string): Promise<FixtureIds> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const one = async (text: string) => (await client.query(text, [TENANT])).rows[0]?.id as number;
  const library = await one(`select l.id from libraries l join companies c on c.id = l.company_id
    where c.sub_domain = $1 and exists (select 1 from libraries x where x.company_id = l.company_id and x.parent_id = l.id) is false
    order by l.id desc limit 1`);
  // Set-based (2,000 libraries): a level-3 library that has sub-libraries of its own.
  const nested = await one(`with gen as (select id from companies where sub_domain = $1),
      roots as (select r.id from libraries r, gen where r.company_id = gen.id and r.parent_id is null),
      second as (select p.id from libraries p, gen where p.company_id = gen.id and p.parent_id in (select id from roots)),
      parents as (select distinct x.parent_id as id from libraries x, gen where x.company_id = gen.id and x.parent_id is not null)
    select l.id from libraries l, gen where l.company_id = gen.id and l.deleted_at is null
      and l.parent_id in (select id from second) and l.id in (select id from parents)
    order by l.id limit 1`);
  const category = await one(`select k.id from material_categories k join companies c on c.id = k.company_id
    where c.sub_domain = $1 order by k.id desc limit 1`);
  await client.end();
  return { library, nested, category };
}

export interface Scenario {
  name: string;
  path: string;
}

/** Every list and read call the benchmark measures. */
export function scenarios(ids: FixtureIds): Scenario[] {
  const items = '/v2/libraries/items?per_page=50';
  const sorts = ['id', 'name', 'description', 'status', 'started_at', 'finished_at', 'created_at', '-updated_at'];
  const search = (term: string) => `/v2/global-search?search=${encodeURIComponent(term)}`;
  const libraryPage = `included_fields=id,parent_id,name,description,preview_image,status,status_color,labels,is_deletable,indirect_items_count,created_at,updated_at,meta_data`;
  return [
    { name: 'items: first page', path: items },
    { name: 'items: page 10,000', path: `${items}&page=10000` },
    { name: 'items: filter status', path: `${items}&filter[status]=FAILED` },
    { name: 'items: filter library', path: `${items}&filter[library]=${ids.library}` },
    { name: 'items: filter library=null', path: `${items}&filter[library]=null` },
    { name: 'items: filter search', path: `${items}&filter[search]=walnut%20cabinet` },
    ...sorts.map((sort) => ({ name: `items: sort ${sort}`, path: `${items}&sort=${sort}` })),
    // The library screens (content issue): the root, deep pages, a library page and its items.
    { name: 'libraries: root', path: '/v2/libraries?filter[parent_id]=null' },
    { name: 'libraries: page 20', path: '/v2/libraries?page=20' },
    { name: 'libraries: sort name', path: '/v2/libraries?sort=name&per_page=25' },
    {
      name: 'libraries: sub-libraries with breadcrumbs',
      path: `/v2/libraries?filter[parent_id]=${ids.nested}&${libraryPage}`,
    },
    { name: 'libraries: one with breadcrumbs', path: `/v2/libraries/${ids.nested}?included_fields=name,meta_data` },
    { name: 'libraries: one, every field', path: `/v2/libraries/${ids.nested}` },
    { name: 'libraries: items of a library', path: `/v2/libraries/items?filter[library]=${ids.nested}` },
    { name: 'libraries: search', path: '/v2/libraries?filter[search]=kitchen' },
    { name: 'materials: first page', path: '/v2/materials?per_page=50' },
    { name: 'materials: filter category', path: `/v2/materials?per_page=50&filter[category]=${ids.category}` },
    { name: 'materials: filter search', path: '/v2/materials?per_page=50&filter[search]=oak%20matte' },
    { name: 'categories: root', path: '/v2/materials/categories?filter[parent_id]=null' },
    {
      name: 'categories: one with breadcrumbs',
      path: `/v2/materials/categories/${ids.category}?included_fields=name,meta_data,sub_categories`,
    },
    { name: 'projects: first page', path: '/v2/projects?per_page=50' },
    { name: 'projects: labels of the first page', path: '/v2/projects?included_fields=id,name,labels,users' },
    { name: 'projects: filter label', path: '/v2/projects?filter[label]=1,2,3' },
    { name: 'global search: selective', path: search('KX-0004217') },
    { name: 'global search: two words', path: search('walnut cabinet') },
    { name: 'global search: short', path: search('oak') },
    { name: 'global search: every row', path: search('-') },
  ];
}
