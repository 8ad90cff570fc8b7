import { and, sql } from 'drizzle-orm';
import { type Db, queryRows } from '#core/db/database.ts';
import {
  ANCHOR_EVERY,
  type AnchorWalk,
  afterAnchor,
  anchorRowSql,
  anchorSelection,
  anchorWalkSql,
  orderSelection,
  PageAnchors,
  type SeekOrder,
} from './list-anchors.ts';
import { type ListCacheFeed, queryKey } from './list-cache.ts';
import type { ListContext, ListResource } from './list-resource.ts';
import { fromResource, type PageWindow, pageByIds } from './list-sql.ts';

/** Runs work in a transaction of the list's scope (the engine's `run`). */
export type ListRun = <T>(resource: ListResource, context: ListContext, work: (db: Db) => Promise<T>) => Promise<T>;

/** A list's rows and order, without the page. */
type ListOrder = Omit<PageWindow, 'limit' | 'offset'>;

/**
 * Deep pages of lists whose order can seek: read from the nearest remembered anchor below them
 * (list-anchors.ts), not across every row before them. The largest lists' anchors are read at
 * start (`warm`), so that their first deep page does not walk half a million rows.
 */
export class DeepPages {
  private readonly anchors: PageAnchors;

  /** `keys` builds statements only, to name a list outside a request's transaction. */
  constructor(
    private readonly run: ListRun,
    private readonly keys: Db,
    feed?: ListCacheFeed,
  ) {
    this.anchors = new PageAnchors({ feed });
  }

  /**
   * The page's rows: the anchor's followers, after at most ANCHOR_EVERY skipped ones. `stale`:
   * read from anchors a change has outdated (they are being read again), so not for a cache.
   */
  async page(
    db: Db,
    resource: ListResource,
    context: ListContext,
    selection: Record<string, unknown>,
    page: PageWindow,
    seek: SeekOrder,
  ) {
    const { where, orderBy, limit, offset } = page;
    const anchorRow = Math.floor(offset / ANCHOR_EVERY) * ANCHOR_EVERY;
    const { values: anchor, stale } = await this.anchors.at(
      this.listKey(db, resource, context, page, seek),
      anchorRow,
      async (below) => {
        // The row just before the anchor position, read from the nearest anchor below it.
        const rows = fromResource(db, resource, orderSelection(seek))
          .where(below ? and(where, afterAnchor(seek, below.values)) : where)
          .orderBy(...orderBy);
        const [row] = await queryRows<Record<string, string>>(
          db,
          anchorRowSql(seek, rows, anchorRow - 1 - (below?.row ?? 0)),
        );
        return row ? seek.columns.map((_, i) => row[`v${i}`] as string) : null;
      },
      this.walk(resource, context, page, seek),
    );
    if (!anchor) return { rows: [], stale };
    const rows = await pageByIds(db, resource, selection, {
      where: and(where, afterAnchor(seek, anchor)),
      orderBy,
      limit,
      offset: offset - anchorRow,
    });
    return { rows, stale };
  }

  /** Reads the anchors of a list of `rows` rows ahead of its first deep page. */
  async warm(resource: ListResource, context: ListContext, order: ListOrder, seek: SeekOrder, rows: number) {
    const key = this.listKey(this.keys, resource, context, order, seek);
    await this.anchors.warm(key, this.walk(resource, context, order, seek), rows);
  }

  /** The list's key among the remembered anchors: its rows and order, per company. */
  private listKey(db: Db, resource: ListResource, context: ListContext, order: ListOrder, seek: SeekOrder) {
    return queryKey(
      context.companyId,
      fromResource(db, resource, anchorSelection(seek))
        .where(order.where)
        .orderBy(...order.orderBy),
    );
  }

  /** Reads a list's anchors in one walk, in a transaction of its own (it may run behind an answer). */
  private walk(resource: ListResource, context: ListContext, order: ListOrder, seek: SeekOrder): AnchorWalk {
    return (untilRow) =>
      this.run(resource, context, async (db) => {
        const numbered = fromResource(db, resource, {
          ...orderSelection(seek),
          n: sql`row_number() over (order by ${sql.join(order.orderBy, sql`, `)})`.as('n'),
        })
          .where(order.where)
          .orderBy(...order.orderBy)
          .limit(untilRow);
        const found = await queryRows<Record<string, string | number>>(db, anchorWalkSql(seek, numbered));
        return new Map(found.map((row) => [Number(row.n), seek.columns.map((_, i) => String(row[`v${i}`]))]));
      });
  }
}
