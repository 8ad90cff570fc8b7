/** A tile's total and how many of those the list the tile leads to shows. */
export interface TileCounts {
  total: number;
  listed: number;
}

/** What a tile's note says: a key of the dashboard namespace and its values. */
export interface TileNote {
  key: string;
  values: { count: number; listed: number };
}

/**
 * Issue 31 item 2: a tile whose total takes in more than the list it leads to (sub-projects,
 * sub-libraries) says how the total splits, so that the list's number appears on the tile too.
 */
export function tileNote(resource: string, counts: TileCounts): TileNote | null {
  const beyond = counts.total - counts.listed;
  if (beyond <= 0) return null;
  return { key: `tiles.breakdown.${resource}`, values: { count: beyond, listed: counts.listed } };
}
