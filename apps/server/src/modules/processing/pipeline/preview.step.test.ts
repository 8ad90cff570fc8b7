import { describe, expect, it } from 'vitest';
import {
  PreviewRenderError,
  type PreviewRenderer,
  PreviewUnavailableError,
} from '#modules/processing/preview/preview-renderer.ts';
import { previewStep } from './preview.step.ts';

/** A renderer that fails with `error`: only its `renderModel` is called by the step. */
const failing = (error: Error) =>
  ({
    renderModel: () => Promise.reject(error),
  }) as unknown as PreviewRenderer;

async function failure(error: Error) {
  const warned: object[] = [];
  const { image, message } = await previewStep(
    failing(error),
    Buffer.from('glTF'),
    { meshes: 1 },
    {
      warn: (data) => warned.push(data),
    },
  );
  expect(image).toBeNull();
  return { coded: message.coded, message: message.message, warned };
}

describe('no preview image, by code (issue 31 item 6)', () => {
  it('what the renderer found in the model: its figures and the viewer’s own words as parameters', async () => {
    expect(
      (await failure(new PreviewRenderError('Rendering the preview took longer than 2.5 s and was stopped.'))).coded,
    ).toEqual({ code: 'previewTimedOut', params: { limitNumber: '2.5' } });
    const drawn = await failure(new PreviewRenderError('The model could not be rendered: WebGL context lost'));
    expect(drawn.coded).toEqual({ code: 'previewNotDrawn', params: { detail: 'WebGL context lost' } });
    expect(drawn.message).toBe('No preview image: The model could not be rendered: WebGL context lost');
    expect(
      (await failure(new PreviewRenderError('The model could not be rendered: it is not a binary glTF (GLB) file.')))
        .coded.code,
    ).toBe('previewNotGlb');
  });

  it('a machine without previews, or anything else: a code without the server’s details, which go to the log', async () => {
    const unavailable = await failure(
      new PreviewUnavailableError('Previews need Chromium, which was not found at /x.'),
    );
    expect(unavailable.coded).toEqual({ code: 'previewUnavailable', params: {} });
    expect(unavailable.message).not.toContain('/x');
    expect(unavailable.warned).toEqual([{ err: 'Previews need Chromium, which was not found at /x.' }]);
    const other = await failure(new Error('The preview renderer has been closed.'));
    expect(other.coded).toEqual({ code: 'previewNotMade', params: {} });
    expect(other.warned).toHaveLength(1);
  });
});
