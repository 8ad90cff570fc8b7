/** The Autodesk integration (administration.md §7): OAuth 2 with PKCE against Autodesk Platform Services. */
export const autodeskEndpoints = {} as const;
