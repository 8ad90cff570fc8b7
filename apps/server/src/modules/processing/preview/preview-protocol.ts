import type { MaterialFactors, MaterialMapName } from '@meshport/scene';

/** The made-up origin the preview page is served from (through Playwright's routing, never the network). */
export const PREVIEW_ORIGIN = 'http://preview.meshport';

export interface PageRenderRequest {
  size: number;
  /** A CSS colour, null for a transparent background, or 'auto': the backdrop that contrasts with the model. */
  background: string | null | 'auto';
}

export interface PageModelRequest extends PageRenderRequest {
  url: string;
}

export interface PageMaterialRequest extends PageRenderRequest {
  maps: Partial<Record<MaterialMapName, string>>;
  factors: MaterialFactors;
}

export type PageResult = { ok: true } | { ok: false; message: string };

/** What the page's script puts on `window.meshportPreview` once WebGL is up. */
export interface PreviewPageApi {
  renderModel(request: PageModelRequest): Promise<PageResult>;
  renderMaterial(request: PageMaterialRequest): Promise<PageResult>;
}

export interface PreviewWindow {
  meshportPreview?: PreviewPageApi;
  /** Set instead of `meshportPreview` when the page could not start (no WebGL). */
  meshportPreviewFailure?: string;
}

declare global {
  /** The preview page's globals, as the page's script sets them and the renderer reads them in `page.evaluate`. */
  interface Window extends PreviewWindow {}
}
