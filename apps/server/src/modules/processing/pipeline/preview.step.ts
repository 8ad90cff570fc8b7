import { type CodedText, codedText } from '@meshport/contract';
import type { PreviewRenderer } from '#modules/processing/preview/preview-renderer.ts';

export const PREVIEW_SIZE = 512;

/**
 * preview: the web-ready GLB rendered by the warm browser, with the viewer's scene. A model
 * that renders fails nothing here: without a preview the record still finishes, with a warning.
 */
export async function previewStep(
  previews: PreviewRenderer,
  glb: Buffer,
  drawn: { meshes: number },
): Promise<{ image: Buffer | null; message: CodedText }> {
  // A file without a mesh (a skeleton and its animation) draws nothing: there is no picture to take.
  if (drawn.meshes === 0) return { image: null, message: codedText('previewNoMesh') };
  const started = performance.now();
  try {
    const image = await previews.renderModel(glb, { size: PREVIEW_SIZE });
    return {
      image,
      message: codedText('previewRendered', {
        widthNumber: String(PREVIEW_SIZE),
        heightNumber: String(PREVIEW_SIZE),
        durationMs: String(Math.round(performance.now() - started)),
      }),
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { image: null, message: codedText('previewFailed', { reason }) };
  }
}
