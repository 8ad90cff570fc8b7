import { describe, expect, it } from 'vitest';
import { withFavorite } from './favorite.logic.ts';

describe('withFavorite', () => {
  const page = {
    data: [
      { id: 1, is_favorited: false },
      { id: 2, is_favorited: true },
    ],
    meta: { total: 2 },
  };

  it('flips the star of the one project and keeps the rest of the page', () => {
    const next = withFavorite(page, 1, true);
    expect(next?.data).toEqual([
      { id: 1, is_favorited: true },
      { id: 2, is_favorited: true },
    ]);
    expect(next?.meta).toBe(page.meta);
    expect(page.data[0]?.is_favorited).toBe(false);
  });

  it('leaves pages without the project, and answers that are not pages, as they are', () => {
    expect(withFavorite(page, 3, true)).toBe(page);
    expect(withFavorite(undefined, 1, true)).toBeUndefined();
    const notAPage = [{ id: 1 }] as unknown as { data: [] };
    expect(withFavorite(notAPage, 1, true)).toBe(notAPage);
  });
});
