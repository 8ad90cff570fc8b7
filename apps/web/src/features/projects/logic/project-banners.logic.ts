/** The banner scope of the project screens (list, overview, model overview). */
export const PROJECTS_BANNER_SCOPE = 'projects';
/** content.md §4/§9: the project delete banner shows after 0.5 s and lasts 3 s. */
export const PROJECT_DELETE_BANNER = { delay: 500, life: 3000 } as const;
/** Other banners of these screens: 5 s (content.md §9), after the 500 ms toast delay. */
export const PROJECT_BANNER = { delay: 500, life: 5000 } as const;
