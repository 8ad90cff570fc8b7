import { type CodedText, codedText, parseSourceMessage } from '@meshport/contract';
import {
  PreviewRenderError,
  type PreviewRenderer,
  PreviewUnavailableError,
} from '#modules/processing/preview/preview-renderer.ts';

export const PREVIEW_SIZE = 512;

/**
 * preview: the web-ready GLB rendered by the warm browser, with the viewer's scene. A model
 * that renders fails nothing here: without a preview the record still finishes, with a warning.
 */
export async function previewStep(
  previews: PreviewRenderer,
  glb: Buffer,
  drawn: { meshes: number },
  log?: { warn(data: object, message: string): void },
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
    const message = previewFailure(error);
    if (message.coded.code === 'previewUnavailable' || message.coded.code === 'previewNotMade') {
      log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'no preview image');
    }
    return { image: null, message };
  }
}

/**
 * Why there is no preview, by code: what the renderer found in the model (its texts are `SOURCE_MESSAGES`' preview
 * codes, read back with their figures and the viewer's own words); a machine without previews, or anything else,
 * without the server's details (a path, a browser's words), which are the operator's.
 */
function previewFailure(error: unknown): CodedText {
  if (error instanceof PreviewRenderError) {
    const coded = parseSourceMessage(`No preview image: ${error.message}`);
    if (coded && coded.code !== 'previewFailed') return codedText(coded.code, coded.params);
  }
  return codedText(error instanceof PreviewUnavailableError ? 'previewUnavailable' : 'previewNotMade');
}
