import { describe, expect, it } from 'vitest';
import { declareFunctionReads, tablesReadBy, undeclaredReads } from './response-cache-reads.ts';

const read = (statement: string) => [...tablesReadBy(statement).tables].sort();

describe('tables a statement reads', () => {
  it('finds what follows FROM and JOIN, quoted or bare, with or without an alias', () => {
    expect(
      read(`select "projects"."id", (select count(*) from project_labels pl join "labels" l on l.id = pl.label_id)
        from "projects" left join project_users as pu on true inner join accounts on true where "projects"."id" = $1`),
    ).toEqual(['accounts', 'labels', 'project_labels', 'project_users', 'projects']);
  });

  it('finds every table of a comma list, schema-qualified ones, and the ones written', () => {
    expect(read('select 1 from libraries l, library_items i, public.materials where true')).toEqual([
      'libraries',
      'library_items',
      'materials',
    ]);
    expect(read('insert into uploads (a) values ($1) on conflict do update set a = 1')).toEqual(['uploads']);
    expect(read('update "geometry_events" set message = $1')).toEqual(['geometry_events']);
    expect(read('delete from pgboss.job where id = $1')).toEqual(['pgboss.job']);
  });

  it('leaves out WITH queries, columns after FROM, functions, strings and catalogs', () => {
    expect(
      read(`with recursive chain(id, depth) as (select s.id from libraries s union all select p.id from chain c join libraries p on true),
        tree as materialized (select 1)
        select extract(epoch from "materials"."updated_at"), 'from fake_table', substring(x from 2)
        from chain, tree, unnest($1::int[]) as u(n) join lateral (select 1) x on true
        where exists (select 1 from pg_class) for update skip locked`),
    ).toEqual(['libraries']);
  });

  it('names what known database functions read, and reports the unknown ones', () => {
    declareFunctionReads({ meshport_live_library_count: ['library_item_libraries', 'libraries'] });
    const found = tablesReadBy('select meshport_live_library_count(1, 2), meshport_mystery(3)');
    expect([...found.tables].sort()).toEqual(['libraries', 'library_item_libraries']);
    expect([...found.unknownFunctions]).toEqual(['meshport_mystery']);
  });

  it('reports the tables read beyond a declaration and the request context', () => {
    const statements = ['select * from projects join memberships on true', 'select 1 from geometry_events'];
    expect(undeclaredReads(statements, ['projects'])).toEqual(['geometry_events']);
    expect(undeclaredReads(statements, ['projects', 'geometry_events'])).toEqual([]);
  });
});
