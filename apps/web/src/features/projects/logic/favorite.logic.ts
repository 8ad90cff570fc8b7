/** A cached list page whose rows may carry `is_favorited`. */
interface PageLike {
  data: { id?: number; is_favorited?: boolean }[];
}

/** The page with one project's star set or cleared (the optimistic update of the favourite toggle). */
export function withFavorite<P extends PageLike>(page: P | undefined, id: number, favorited: boolean): P | undefined {
  if (!page || !Array.isArray(page.data)) return page;
  if (!page.data.some((row) => row.id === id)) return page;
  return { ...page, data: page.data.map((row) => (row.id === id ? { ...row, is_favorited: favorited } : row)) };
}
