/**
 * Designs (issue 30): a model of a project configured with one material per slot, saved under a
 * name on the project. The server renders its preview after each save.
 */

/** How far the server got with a design's preview: rendering, drawn, or not drawable. */
export const DESIGN_PREVIEW_STATES = ['pending', 'ready', 'failed'] as const;
export type DesignPreviewState = (typeof DESIGN_PREVIEW_STATES)[number];
