/** content.md §4: banners on the materials tab close after 3 seconds (5 s in other lists). */
export const MATERIALS_BANNER_LIFE_MS = 3000;

/** Names of the session-stored lists of the materials screens. */
export const CATEGORY_LIST_ID = 'material-categories';
export const MATERIAL_LIST_ID = 'materials';

/** Banners of the materials screens that outlive a navigation (delete on the overview → the list). */
export const MATERIALS_BANNER_SCOPE = 'materials';
