/** Names of the session-stored lists of the materials screens. */
export const CATEGORY_LIST_ID = 'material-categories';
export const MATERIAL_LIST_ID = 'materials';

/** Banners of the materials screens that outlive a navigation (delete on the overview → the list). */
export const MATERIALS_BANNER_SCOPE = 'materials';
