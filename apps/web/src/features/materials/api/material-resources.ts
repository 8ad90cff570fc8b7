/** What a restored material or category changes: both lists (memberships and counts). */
export const MATERIAL_RESOURCES = ['materials', 'categories'] as const;
