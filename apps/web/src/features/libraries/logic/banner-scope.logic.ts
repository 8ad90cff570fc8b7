/** The banner scope of the library screens: saves and actions report there (content.md §9, 5 s). */
export const LIBRARIES_BANNER_SCOPE = 'libraries';
/** The item overview's own banners ('{name} Archived...'). */
export const ITEM_BANNER_SCOPE = 'library-item';
