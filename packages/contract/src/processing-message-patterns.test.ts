import { describe, expect, it } from 'vitest';
import { parseSourceMessage } from './processing-message-patterns.ts';
import { paramKind, SOURCE_MESSAGES, type SourceMessageCode, sourceMessage } from './processing-messages.ts';

/** A value of each parameter's kind: the reader formats numbers, sizes and texts of their own by kind. */
function sampleParam(name: string): string {
  switch (paramKind(name)) {
    case 'bytes':
      return '4294967296';
    case 'duration':
      return '850';
    case 'number':
      return '12345';
    case 'count':
      return 'triangle:12';
    case 'counts':
      return 'triangle:12,mesh:2';
    case 'text':
      return sourceMessage('imageDamaged', { fileName: 'wood.png' });
    case 'warnings':
      return 'one';
    case 'step':
      return 'convert';
    default:
      return name === 'fileName' ? 'chair.obj' : `x-${name}`;
  }
}

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

  it('reads every code back from the English it writes, its figures raw (a text and its note aside)', () => {
    for (const [code, template] of Object.entries(SOURCE_MESSAGES) as [SourceMessageCode, string][]) {
      if (code === 'withNote') continue;
      const params = Object.fromEntries(
        [...template.matchAll(/\{\{(\w+)\}\}/g)].map(([, name = '']) => [name, sampleParam(name)]),
      );
      expect(parseSourceMessage(sourceMessage(code, params)), code).toEqual({ code, params });
    }
  });

  it('reads the rarer failures as they were written before they had codes (issue 31)', () => {
    const old: [string, SourceMessageCode, Record<string, string>][] = [
      [
        'The OBJ file is damaged: a face uses index 0, which OBJ does not allow on line 27',
        'objFaceIndexZero',
        { lineNumber: '27' },
      ],
      [
        'The OBJ file is damaged: a face refers to element -3 before any was defined on line 1204',
        'objFaceBeforeElement',
        { index: '-3', lineNumber: '1204' },
      ],
      [
        'The OBJ file is damaged: a face refers to vertex 12, but the file defines only 8',
        'objMissingVertex',
        { indexNumber: '12', definedNumber: '8' },
      ],
      [
        'The PLY file is damaged: header line 3 names an unknown format (none)',
        'plyFormatMissing',
        { lineNumber: '3' },
      ],
      [
        'The PLY file is damaged: its header announces 1,000,000 vertex entries, more than the file holds',
        'plyTooShort',
        { entriesNumber: '1000000', element: 'vertex' },
      ],
      [
        'The STL file is damaged: "vertex 1 2 x" does not hold three numbers',
        'stlNotNumbers',
        { token: 'vertex 1 2 x' },
      ],
      ['Files of type without an extension are not supported', 'legacyTypeNoExtension', {}],
      ['The archive unpacks to more than 4 GB', 'archiveTooLarge', { limitBytes: '4294967296' }],
      ['The archive holds more than 10,000 files', 'archiveTooManyFiles', { limitNumber: '10000' }],
      [
        'The archive contains a path outside its folder (../../etc/passwd)',
        'archivePathOutside',
        { fileName: '../../etc/passwd' },
      ],
      ['Conversion took longer than 120 s', 'converterTimedOut', { limitNumber: '120' }],
      [
        'The converted model is not valid glTF: Accessor element out of range (ACCESSOR_INDEX_OOB at /meshes/0)',
        'invalidOutput',
        { reason: 'Accessor element out of range (ACCESSOR_INDEX_OOB at /meshes/0)' },
      ],
      [
        'The image wood.png is too large (20,000 × 20,000 pixels; at most 100 megapixels)',
        'imageTooLarge',
        { fileName: 'wood.png', widthNumber: '20000', heightNumber: '20000', limitNumber: '100' },
      ],
      [
        'No preview image: Rendering the preview took longer than 2.5 s and was stopped.',
        'previewTimedOut',
        { limitNumber: '2.5' },
      ],
      ['No preview image: The model could not be rendered: WebGL lost', 'previewNotDrawn', { detail: 'WebGL lost' }],
      // Warnings the converter writes as text, read by the same table.
      [
        '1,204 animated rotations no longer turned twice by its PreRotation',
        'fbxRotationsUnturned',
        { rotationsNumber: '1204' },
      ],
      ["1 node kept out of its parent's scale, as the file says", 'fbxNodeScaleKept', {}],
      [
        "3 skinned vertices had no joint weight; bound to their node's joint",
        'skinVerticesUnweighted',
        { verticesNumber: '3' },
      ],
      [
        'Animation without a name: 2 tracks with unreadable key times were left out',
        'animationTracksDropped',
        { name: 'without a name', tracksNumber: '2' },
      ],
    ];
    for (const [text, code, params] of old) expect(parseSourceMessage(text), text).toEqual({ code, params });
  });

  it('leaves a text no template fits', () => {
    expect(parseSourceMessage('Something else happened')).toBeNull();
    expect(parseSourceMessage('Half; a note')).toBeNull();
    expect(parseSourceMessage(null)).toBeNull();
  });
});
