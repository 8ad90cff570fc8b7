import { paramKind, SOURCE_MESSAGES, type SourceMessageCode, sourceMessage } from '@meshport/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { initMessageLocales, reader } from './processing-message.test-support.ts';
import { processingMessage } from './processing-message.ts';

beforeAll(() => initMessageLocales());

/** A tool's own words, quoted in the message as theirs (the validator's first error, a library's): left in English. */
const TOOL_WORDS = 'Accessor element out of range';
/** A nested text of ours: it must be in Dutch too. */
const NESTED = sourceMessage('imageDamaged', { fileName: 'wood.png' });

/** Parameter values as the converter writes them, by kind; names and tokens are the file's own. */
function sampleParam(name: string): string {
  switch (paramKind(name)) {
    case 'bytes':
      return '512';
    case 'duration':
      return '850';
    case 'number':
      return '12345';
    case 'count':
      return 'triangle:12';
    case 'counts':
      return 'triangle:12,mesh:2';
    case 'text':
      return NESTED;
    case 'warnings':
      return NESTED;
    case 'step':
      return 'convert';
    default:
      if (name === 'detail' || name === 'reason') return TOOL_WORDS;
      if (name === 'unit') return 'millimetres';
      if (name === 'axis') return 'Z';
      return name === 'fileName' ? 'chair.obj' : `x${name}`;
  }
}

/** Words both languages write (format names, file keywords such as FBX's PreRotation, loanwords): not English alone. */
const SHARED = new Set(
  [
    'obj ply stl fbx gltf glb ktx2 tga bmp png json utf zip end_header material mesh meshes meshport vertex',
    'pixels megapixels bit element model index format header facet variant map maps asset container type',
    'upload record browser server prerotation had morph target targets',
  ]
    .join(' ')
    .split(' '),
);

/** The English words of a template, outside its placeholders. */
const englishWords = (template: string) =>
  new Set(
    template
      .replace(/\{\{\w+\}\}/g, ' ')
      .toLowerCase()
      .split(/[^\p{L}\d_]+/u)
      .filter((word) => word.length >= 3 && !/^\d+$/.test(word) && !SHARED.has(word)),
  );

/** Only the frame of other texts (a report's text and warnings; a text and its note): no words of its own. */
const FRAMES = new Set<SourceMessageCode>(['stepReport', 'withNote']);
const codes = (Object.keys(SOURCE_MESSAGES) as SourceMessageCode[]).filter((code) => !FRAMES.has(code));

describe('every processing message by code, in the reader language (issue 31 item 6)', () => {
  const stored = (code: SourceMessageCode) => {
    const params = Object.fromEntries(
      [...SOURCE_MESSAGES[code].matchAll(/\{\{(\w+)\}\}/g)].map(([, name = '']) => [name, sampleParam(name)]),
    );
    return { message: sourceMessage(code, params), message_code: code, message_params: params };
  };

  it.each(codes)('%s in English is the text the server wrote', async (code) => {
    const message = stored(code);
    expect(processingMessage(await reader('en'), message)).toBe(message.message);
  });

  it.each(codes)('%s in Dutch has no English word of ours left', async (code) => {
    const message = stored(code);
    const dutch = processingMessage(await reader('nl'), message) ?? '';
    expect(dutch).not.toBe(message.message);
    // What the file or a tool says stays as it is; every other word is Dutch.
    const ours = dutch.replaceAll(TOOL_WORDS, ' ');
    const left = [...englishWords(SOURCE_MESSAGES[code])].filter((word) =>
      new RegExp(`(^|[^\\p{L}])${word}($|[^\\p{L}])`, 'iu').test(ours),
    );
    expect(left, dutch).toEqual([]);
    // A text of ours inside it is in Dutch too.
    expect(dutch).not.toContain(NESTED);
  });

  it('quotes a tool’s own words as theirs in Dutch', async () => {
    const t = await reader('nl');
    expect(processingMessage(t, stored('invalidOutput'))).toBe(
      `Het omgezette model is geen geldige glTF. De validator meldt: “${TOOL_WORDS}”`,
    );
    expect(processingMessage(t, stored('previewNotDrawn'))).toBe(
      `Geen voorbeeldafbeelding: het model kon niet worden getekend. De viewer meldt: “${TOOL_WORDS}”`,
    );
  });

  it('gives the geometry guard’s reason inside a warning in Dutch too', async () => {
    const warning =
      'Welding mesh Cube would have damaged it (part 2: it collapsed (spread of positions 1.5 → 0)); that step was undone for it';
    expect(processingMessage(await reader('nl'), { message: warning })).toBe(
      'Het samenvoegen van de hoekpunten van mesh Cube zou die beschadigen (deel 2: hij is ineengezakt (spreiding van de posities 1,5 → 0)); die stap is ervoor teruggedraaid',
    );
  });

  it('names a material map by its kind in the reader language', async () => {
    const stored = (message: string) => ({ message, message_code: null, message_params: null });
    const missing = stored('The base color map wood.png was not found in the package');
    expect(processingMessage(await reader('nl'), missing)).toBe(
      'De map basiskleur (wood.png) is niet gevonden in het pakket',
    );
    const leftOut = stored('The image rough.png is damaged; the metallic roughness map was left out');
    expect(processingMessage(await reader('nl'), leftOut)).toBe(
      'De afbeelding rough.png is beschadigd; de map metaal/ruwheid is weggelaten',
    );
  });

  it('shows old failures stored as English text in Dutch, figures the Dutch way', async () => {
    const t = await reader('nl');
    const old = (message: string) => processingMessage(t, { message, message_code: null, message_params: null });
    expect(old('The OBJ file is damaged: a face uses index 0, which OBJ does not allow on line 1204')).toBe(
      'Het OBJ-bestand is beschadigd: een vlak gebruikt index 0, wat OBJ niet toestaat, op regel 1.204',
    );
    expect(old('The archive unpacks to more than 4 GB')).toBe('Uitgepakt is het archief groter dan 4 GB');
    expect(old('Files of type without an extension are not supported')).toBe(
      'Bestanden zonder extensie worden niet ondersteund',
    );
    expect(
      old(
        'Read 8 triangles in 12 ms. Warning: The image wood.png is too large (20,000 × 20,000 pixels; at most 100 megapixels); the texture was left out.',
      ),
    ).toBe(
      'Gelezen: 8 driehoeken in 12 ms. Waarschuwing: De afbeelding wood.png is te groot (20.000 × 20.000 pixels; hoogstens 100 megapixels); de textuur is weggelaten.',
    );
  });
});
