import { describe, expect, it } from 'vitest';
import { parseSourceMessage } from './processing-message-patterns.ts';
import { SOURCE_MESSAGES, type SourceMessageCode, sourceMessage } from './processing-messages.ts';

describe('processing messages read back into code and parameters', () => {
  it('reads the texts of events stored before codes, exactly as they were written', () => {
    const old: [string, SourceMessageCode, Record<string, string>][] = [
      ['Converting to glTF', 'legacyConverting', {}],
      ['Conversion failed: the file contains no meshes', 'legacyNoMeshes', {}],
      ['Upload stored', 'legacyStored', {}],
      ['Processing cancelled', 'legacyCancelled', {}],
      ['Processing cancelled.', 'cancelled', {}],
      ['Processing started (attempt 2)', 'startedAttempt', { attemptNumber: '2' }],
      ['Queued Corner Pantry.fbx (file replaced)', 'queuedFileReplaced', { fileName: 'Corner Pantry.fbx' }],
      ['Queued for reprocessing', 'queuedReprocess', {}],
      ['Queued kitchen.glb', 'queuedFile', { fileName: 'kitchen.glb' }],
      ['Stored kitchen.glb (1.5 MB)', 'stored', { fileName: 'kitchen.glb', sizeBytes: '1572864' }],
      [
        'Rendered the preview image, 512×512 (1.2 s)',
        'previewRendered',
        { widthNumber: '512', heightNumber: '512', durationMs: '1200' },
      ],
      [
        'Ready: 12,345 triangles, 1.2 MB GLB (original 3.4 MB)',
        'ready',
        { counts: 'triangle:12345', glbBytes: '1258291', originalBytes: '3565158' },
      ],
      [
        'Processing failed at the convert step after 3 attempts. Upload the file again to try once more.',
        'failedAfterAttempts',
        { step: 'convert', attemptsNumber: '3' },
      ],
    ];
    for (const [text, code, params] of old) expect(parseSourceMessage(text), text).toEqual({ code, params });
  });

  it('reads a converter step report with its text, time and warnings', () => {
    const text =
      'Read 1 triangle, 2 meshes, 1 material, 0 textures; UTF-16 text, read as UTF-8 in 850 ms. Warning: The file holds no mesh, so nothing is drawn: its nodes and animations are kept.';
    expect(parseSourceMessage(text)).toEqual({
      code: 'stepReport',
      params: {
        text: 'Read 1 triangle, 2 meshes, 1 material, 0 textures; UTF-16 text, read as UTF-8',
        durationMs: '850',
        warnings: 'The file holds no mesh, so nothing is drawn: its nodes and animations are kept',
      },
    });
    expect(parseSourceMessage('Read 1 triangle, 2 meshes, 1 material, 0 textures; UTF-16 text, read as UTF-8')).toEqual(
      {
        code: 'withNote',
        params: { text: 'Read 1 triangle, 2 meshes, 1 material, 0 textures', note: 'UTF-16 text, read as UTF-8' },
      },
    );
    expect(parseSourceMessage('Read 1 triangle, 2 meshes')).toEqual({
      code: 'read',
      params: { counts: 'triangle:1,mesh:2' },
    });
  });

  it('gives back what sourceMessage wrote, for every code', () => {
    const samples: Partial<Record<SourceMessageCode, Record<string, string>>> = {
      stored: { fileName: 'a b.obj', sizeBytes: '512' },
      stepReport: { text: 'Optimised to 2.0 KB: 12 triangles', durationMs: '12', warnings: 'one\ntwo' },
      foundModelAndOthers: { fileName: 'x.obj', format: 'OBJ', sizeBytes: '2048', othersCount: 'otherFile:1' },
      optimisedSimplified: { sizeBytes: '2048', beforeCount: 'triangle:1000', trianglesNumber: '500' },
      readMeshless: { nodesCount: 'node:2', animationsCount: 'animation:1' },
    };
    for (const code of Object.keys(samples) as SourceMessageCode[]) {
      const params = samples[code] ?? {};
      expect(parseSourceMessage(sourceMessage(code, params)), code).toEqual({ code, params });
    }
    // Codes without parameters read back as themselves.
    for (const [code, text] of Object.entries(SOURCE_MESSAGES)) {
      if (!text.includes('{{')) expect(parseSourceMessage(text)?.code, code).toBe(code);
    }
  });

  it('leaves a text no template fits', () => {
    expect(parseSourceMessage('Something else happened')).toBeNull();
    expect(parseSourceMessage('Half; a note')).toBeNull();
    expect(parseSourceMessage(null)).toBeNull();
  });
});
