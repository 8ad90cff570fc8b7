import { z } from 'zod';

/**
 * Processing messages that name what in a file can not be read and the way out, by code. Events carry the English
 * text (`sourceMessage`); the web's locale files hold each code's text in every language under
 * `common:viewer.messages.<code>`, with the same `{{placeholders}}`, so that an event stored with its code and
 * parameters can be shown in the reader's language.
 */
export const SOURCE_MESSAGES = {
  fbxTooOld: 'The file is FBX {{version}}, from before 2011, which can not be read: re-export it as FBX 2013 or newer',
  fbxZerosAsSpaces:
    'The FBX file was damaged in transfer: its zero bytes were replaced by spaces, as a text-mode copy does. Copy or export it again as a binary file.',
  unsupportedExtensions:
    'The {{format}} file requires glTF extensions that can not be read here ({{names}}): export it again without them',
  unsupportedEncoding:
    'The file is {{encoding}} text, which can not be read: save it as UTF-8 (or UTF-16) and upload it again',
  // The pipeline's own events (issue 31). Parameters by name: `*Bytes` a size, `*Ms` a duration, `*Number` a number,
  // `*Count` one counted thing (`triangle:12345`), `counts` a list of them, `text`/`note`/`warnings` English texts of
  // their own (read through this table again), `step` a step's name, `map` a material map's kind (`base color`);
  // the reader formats each in their language.
  queuedFile: 'Queued {{fileName}}',
  queuedFileReplaced: 'Queued {{fileName}} (file replaced)',
  queuedReprocess: 'Queued for reprocessing',
  queuedPlacement: 'Queued for reprocessing: units or up axis changed',
  started: 'Processing started',
  startedAttempt: 'Processing started (attempt {{attemptNumber}})',
  noUploadedFile: 'There is no uploaded file to process.',
  stored: 'Stored {{fileName}} ({{sizeBytes}})',
  stepReport: '{{text}} in {{durationMs}}.{{warnings}}',
  withNote: '{{text}}; {{note}}',
  foundModel: 'Found the model {{fileName}} ({{format}}, {{sizeBytes}})',
  foundModelAndOthers: 'Found the model {{fileName}} ({{format}}, {{sizeBytes}}) and {{othersCount}}',
  read: 'Read {{counts}}',
  readMeshless: 'Read no mesh, {{nodesCount}} and {{animationsCount}}',
  optimised: 'Optimised to {{sizeBytes}}: {{counts}}',
  optimisedSimplified: 'Optimised to {{sizeBytes}}: simplified from {{beforeCount}} to {{trianglesNumber}}',
  optimisedMeshless: 'Optimised to {{sizeBytes}}: no mesh',
  previewRendered: 'Rendered the preview image, {{widthNumber}}×{{heightNumber}} ({{durationMs}})',
  previewNoMesh: 'No preview image: the model holds no mesh to draw',
  previewFailed: 'No preview image: {{reason}}',
  ready: 'Ready: {{counts}}, {{glbBytes}} GLB (original {{originalBytes}})',
  readyMeshless: 'Ready: no mesh, nothing drawn, {{glbBytes}} GLB (original {{originalBytes}})',
  failedAfterAttempts:
    'Processing failed at the {{step}} step after {{attemptsNumber}} attempts. Upload the file again to try once more.',
  cancelled: 'Processing cancelled.',
  noGeometry: 'The file contains no geometry: no triangles and no points',
  unreadable: 'The file could not be read: it is damaged or not a supported 3D format',
  notInspected: 'The upload could not be inspected',
  notOptimised: 'The model could not be optimised',
  invalidOutput: 'The converted model is not valid glTF: {{reason}}',
  meshlessKept: 'The file holds no mesh, so nothing is drawn: its nodes and animations are kept',
  utf16Read: 'UTF-16 text, read as UTF-8',
  placedAsFile: 'read as {{unit}}, {{axis}} up (as the file states), placed in metres, Y up',
  placedAsFormat: 'read as {{unit}}, {{axis}} up (the format’s default), placed in metres, Y up',
  placedAsRecord: 'read as {{unit}}, {{axis}} up (as the record says), placed in metres, Y up',
  // Failures of a file, as the converter writes them.
  glbDamaged: 'The GLB file is damaged: its binary container could not be read',
  gltfNotJson: 'The glTF file is damaged: it is not valid JSON',
  damagedNoPositions: 'The {{format}} file is damaged: a mesh has no vertex positions',
  damagedMissingNode: 'The {{format}} file is damaged: a node refers to a node that does not exist',
  damagedNoAsset: 'The {{format}} file is damaged: it has no asset description',
  damagedCycle: 'The {{format}} file is damaged: its node hierarchy contains a cycle',
  damagedTwoParents: 'The {{format}} file is damaged: its node hierarchy contains a cycle or a node with two parents',
  missingFile: 'The {{format}} file references a missing file ({{fileName}})',
  stlNoTriangles: 'The STL file contains no triangles',
  objNoGeometry: 'The OBJ file contains no geometry',
  plyNoGeometry: 'The PLY file contains no geometry',
  archiveUnreadable: 'The archive could not be read: it is damaged or not a zip file',
  archiveNoModel: 'The archive holds no 3D model in a supported format',
  archiveNestedOnly: 'The archive holds no 3D model (archives inside the archive are not opened)',
  fileEmpty: 'The file is empty',
  fileNotFound: 'The uploaded file could not be found',
  notAloneModel: 'This file alone is not a 3D model: upload it in a zip together with its model',
  typeNotSupported: 'Files of type {{extension}} are not supported',
  contentMismatch: 'The file {{fileName}} is not a valid {{format}} file: its content does not match its name',
  converterOutOfMemory: 'The converter ran out of memory (limit {{limitNumber}} MB) on this file',
  conversionCancelled: 'The conversion was cancelled',
  converterNotStarted: 'The converter could not be started',
  converterShutDown: 'The converter has been shut down',
  // Rarer failures, each by its own code (issue 31): what the file's reader, the archive, an image or the preview
  // found, with its figures as parameters. `detail` is a tool's own words (the validator's, a library's), shown
  // quoted as theirs; `index` and `token` are what the file holds, as it holds them.
  typeNoExtension: 'Files without an extension are not supported',
  objBadNumber: 'The OBJ file is damaged: a number is missing or malformed on line {{lineNumber}}',
  objBadFaceIndex: 'The OBJ file is damaged: a face index is malformed on line {{lineNumber}}',
  objFaceIndexZero: 'The OBJ file is damaged: a face uses index 0, which OBJ does not allow on line {{lineNumber}}',
  objFaceBeforeElement:
    'The OBJ file is damaged: a face refers to element {{index}} before any was defined on line {{lineNumber}}',
  objCornerNoVertex: 'The OBJ file is damaged: a face corner has no vertex index on line {{lineNumber}}',
  objBadCorner: 'The OBJ file is damaged: a face corner is malformed on line {{lineNumber}}',
  objFaceNoCorners: 'The OBJ file is damaged: a face has no corners on line {{lineNumber}}',
  objMissingVertex:
    'The OBJ file is damaged: a face refers to vertex {{indexNumber}}, but the file defines only {{definedNumber}}',
  objMissingTexCoord:
    'The OBJ file is damaged: a face refers to texture coordinate {{indexNumber}}, but the file defines only {{definedNumber}}',
  objMissingNormal:
    'The OBJ file is damaged: a face refers to normal {{indexNumber}}, but the file defines only {{definedNumber}}',
  plyNotPly: 'The file is not a PLY file: it does not start with "ply"',
  plyNoEndHeader: 'The PLY file is damaged: its header has no end_header line',
  plyNoFormat: 'The PLY file is damaged: its header does not name a format',
  plyFormatRepeated: 'The PLY file is damaged: header line {{lineNumber}} repeats the format',
  plyFormatUnknown: 'The PLY file is damaged: header line {{lineNumber}} names an unknown format ({{name}})',
  plyFormatMissing: 'The PLY file is damaged: header line {{lineNumber}} names an unknown format (none)',
  plyBadElement: 'The PLY file is damaged: header line {{lineNumber}} is not a valid element declaration',
  plyPropertyFirst: 'The PLY file is damaged: header line {{lineNumber}} declares a property before any element',
  plyBadListProperty: 'The PLY file is damaged: header line {{lineNumber}} is not a valid list property',
  plyBadProperty: 'The PLY file is damaged: header line {{lineNumber}} is not a valid property',
  plyNoVertices: 'The PLY file is damaged: its header declares no vertex element',
  plyNoPositions: 'The PLY file is damaged: its vertices have no x, y, z position',
  plyTooShort:
    'The PLY file is damaged: its header announces {{entriesNumber}} {{element}} entries, more than the file holds',
  plyBadListLength: 'The PLY file is damaged: a {{element}} entry has a list of negative or fractional length',
  plyMissingVertex:
    'The PLY file is damaged: a face refers to vertex {{index}}, but the file defines only {{definedNumber}} (numbered from 0)',
  plyNotNumber: 'The PLY file is damaged: "{{token}}" is not a number',
  plyEndsEarly: 'The PLY file is damaged: the file ends before all its data',
  stlTooShort: 'The STL file is damaged: it is too short to hold a model',
  stlTrianglesMissing: 'The STL file is damaged: it announces {{trianglesNumber}} triangles, more than the file holds',
  stlFacetCorners: 'The STL file is damaged: a facet does not have three vertices',
  stlNotNumbers: 'The STL file is damaged: "{{token}}" does not hold three numbers',
  damagedUnreadable: 'The {{format}} file is damaged: its data could not be read',
  damagedUnreadableDetail: 'The {{format}} file is damaged: its data could not be read ({{detail}})',
  damagedVertexIndex:
    'The {{format}} file is damaged: a mesh refers to vertex {{index}}, but it has only {{verticesNumber}}',
  archiveTooManyFiles: 'The archive holds more than {{limitNumber}} files',
  archiveTooLarge: 'The archive unpacks to more than {{limitBytes}}',
  archivePathOutside: 'The archive contains a path outside its folder ({{fileName}})',
  archiveLink: 'The archive contains a link ({{fileName}})',
  archiveImplausible: 'The archive contains a file that unpacks to an implausible size ({{fileName}})',
  archiveEntryDamaged: 'The archive could not be read: the file {{fileName}} in it is damaged',
  converterTimedOut: 'Conversion took longer than {{limitNumber}} s',
  optimiseDamaged: 'Optimising damaged the geometry of mesh {{name}}: {{text}}',
  // The geometry guard's reasons (the `text` of the message above and of the undone steps' warnings).
  guardRemoved: 'it was removed',
  guardNotNumbers: 'its positions are no longer numbers',
  guardLostVertices: 'it lost all its {{verticesNumber}} vertices',
  guardVertices: 'its vertices went from {{beforeNumber}} to {{afterNumber}}',
  guardCollapsed: 'it collapsed (spread of positions {{beforeNumber}} → {{afterNumber}})',
  guardStretched: 'it was stretched (spread of positions {{beforeNumber}} → {{afterNumber}})',
  guardMoved: 'it moved or changed size (its bounds by {{byNumber}})',
  guardMorphTargets: 'its morph targets went from {{beforeNumber}} to {{afterNumber}}',
  guardMorphRange: 'morph target {{targetNumber}} changed its range by {{byNumber}}',
  guardParts: 'its parts went from {{beforeNumber}} to {{afterNumber}}',
  guardPart: 'part {{partNumber}}: {{text}}',
  imageDamaged: 'The image {{fileName}} is damaged',
  imageUnsupportedVariant: 'The image {{fileName}} is damaged or in an unsupported variant',
  imageUnknownFormat: '{{fileName}} is not an image format we can read',
  imageUnknownFormatUnnamed: 'The image is not an image format we can read',
  imageTgaDamaged: 'The TGA image is damaged or in an unsupported variant',
  imageBmpUnsupported: 'The BMP image is damaged or in an unsupported variant (only 24 and 32 bit)',
  imageTooLarge:
    'The image {{fileName}} is too large ({{widthNumber}} × {{heightNumber}} pixels; at most {{limitNumber}} megapixels)',
  materialJsonInvalid: 'material.json in the package is not valid JSON',
  materialJsonNotMeshport: 'material.json in the package is not a Meshport material description',
  materialJsonBadField: 'material.json in the package is not a Meshport material description ({{field}})',
  materialNoMaps: 'The material package contains no usable map images',
  previewNotGlb: 'No preview image: The model could not be rendered: it is not a binary glTF (GLB) file.',
  previewNotDrawn: 'No preview image: The model could not be rendered: {{detail}}',
  previewBrowserStopped: 'No preview image: The model could not be rendered: the browser stopped twice ({{detail}}).',
  previewTimedOut: 'No preview image: Rendering the preview took longer than {{limitNumber}} s and was stopped.',
  previewUnavailable: 'No preview image: previews can not be made on this server',
  previewNotMade: 'No preview image: the preview could not be made',
  // Warnings of the converter's steps (a report's `warnings`), by the same table.
  textureNotFound: 'Texture {{fileName}} was not found in the upload',
  mtlNotFound: 'Material library {{fileName}} was not found in the upload',
  mtlMaterialMissing: 'Material {{name}} is not defined in the material library',
  objLinesSkipped: '{{linesNumber}} lines, points or faces with fewer than 3 corners were skipped',
  plyFacesSkipped: '{{facesNumber}} faces with fewer than 3 corners were skipped',
  plyFacesAsPoints: 'The PLY file has faces but none with 3 corners: read as points',
  textureLeftOut: '{{text}}; the texture was left out',
  ktx2Damaged: 'The KTX2 texture {{fileName}} is damaged; the texture was left out',
  archiveModelIgnored: '{{fileName}} in the archive is not a valid {{format}} file and was ignored',
  archiveManyModels: 'The archive holds {{modelsNumber}} models; {{fileName}} (the largest) was converted',
  materialNoManifest: 'The package has no material.json: maps were recognised by their file names',
  materialUnknownMap: 'The map "{{key}}" is not a known material map and was ignored',
  materialMapNotFound: 'The {{map}} map {{fileName}} was not found in the package',
  materialMapLeftOut: '{{text}}; the {{map}} map was left out',
  weldUndone: 'Welding mesh {{name}} would have damaged it ({{text}}); that step was undone for it',
  simplifyUndone: 'Simplifying mesh {{name}} would have damaged it ({{text}}); that step was undone for it',
  compressKept: 'Compressing mesh {{name}} would have damaged it ({{text}}); it was kept at full precision',
  animationTrackDropped: 'Animation {{name}}: 1 track with unreadable key times was left out',
  animationTracksDropped: 'Animation {{name}}: {{tracksNumber}} tracks with unreadable key times were left out',
  fbxRotationUnturned: '1 animated rotation no longer turned twice by its PreRotation',
  fbxRotationsUnturned: '{{rotationsNumber}} animated rotations no longer turned twice by its PreRotation',
  fbxNodeScaleKept: "1 node kept out of its parent's scale, as the file says",
  fbxNodesScaleKept: "{{nodesNumber}} nodes kept out of their parent's scale, as the file says",
  skinVertexUnweighted: "1 skinned vertex had no joint weight; bound to their node's joint",
  skinVerticesUnweighted: "{{verticesNumber}} skinned vertices had no joint weight; bound to their node's joint",
  // Texts of events stored before codes (the first demo content): shown in the reader's language when read.
  legacyStored: 'Upload stored',
  legacyInspecting: 'Inspecting geometry',
  legacyConverting: 'Converting to glTF',
  legacyOptimising: 'Optimising meshes',
  legacyRendering: 'Rendering preview',
  legacyFinished: 'Processing finished',
  legacyNoMeshes: 'Conversion failed: the file contains no meshes',
  legacyCancelled: 'Processing cancelled',
  legacyTypeNoExtension: 'Files of type without an extension are not supported',
} as const;

export type SourceMessageCode = keyof typeof SOURCE_MESSAGES;

/** A message by code and parameters: stored with its English text so that it can be shown in the reader's language. */
export interface CodedMessage {
  code: SourceMessageCode;
  params: Record<string, string>;
}

/** The English text of a message, its `{{name}}` placeholders filled in (sizes, durations and counts written out). */
export function sourceMessage(code: SourceMessageCode, params: Record<string, string>): string {
  return SOURCE_MESSAGES[code].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : englishParam(name, value);
  });
}

/** A message's English text with its code: what an event is written with. */
export function codedText(code: SourceMessageCode, params: Record<string, string> = {}): CodedText {
  return { message: sourceMessage(code, params), coded: { code, params } };
}

export interface CodedText {
  message: string;
  coded: CodedMessage;
}

/** Things a message counts: the key (`triangle:12`) and the English words for one and for more. */
export const COUNTED = {
  triangle: ['triangle', 'triangles'],
  point: ['point', 'points'],
  mesh: ['mesh', 'meshes'],
  material: ['material', 'materials'],
  texture: ['texture', 'textures'],
  node: ['node', 'nodes'],
  animation: ['animation', 'animations'],
  otherFile: ['other file', 'other files'],
} as const;

export type CountedThing = keyof typeof COUNTED;

/** `triangle:12,mesh:1` → [['triangle', 12], ['mesh', 1]]; things not in `COUNTED` are left out. */
export function countList(value: string): [CountedThing, number][] {
  return value.split(',').flatMap((part): [CountedThing, number][] => {
    const [thing, n] = part.split(':');
    return thing && thing in COUNTED && n !== undefined ? [[thing as CountedThing, Number(n)]] : [];
  });
}

/** The kind of a parameter, by its name (see `SOURCE_MESSAGES`). */
export type ParamKind = 'bytes' | 'duration' | 'number' | 'count' | 'counts' | 'text' | 'warnings' | 'step' | 'plain';

export function paramKind(name: string): ParamKind {
  if (name.endsWith('Bytes')) return 'bytes';
  if (name.endsWith('Ms')) return 'duration';
  if (name.endsWith('Number')) return 'number';
  if (name.endsWith('Count')) return 'count';
  if (name === 'counts') return 'counts';
  if (name === 'text' || name === 'note') return 'text';
  if (name === 'warnings') return 'warnings';
  if (name === 'step') return 'step';
  return 'plain';
}

const englishNumber = (value: number) => value.toLocaleString('en-US');

function englishCount([thing, n]: [CountedThing, number]): string {
  return `${englishNumber(n)} ${COUNTED[thing][n === 1 ? 0 : 1]}`;
}

/** A parameter as the English text writes it: `1.2 MB`, `850 ms`, `12,345 triangles`, ` Warning: ….` */
function englishParam(name: string, value: string): string {
  const n = Number(value);
  switch (paramKind(name)) {
    case 'bytes': {
      if (n < 1024) return `${n} B`;
      const units = ['KB', 'MB', 'GB', 'TB'];
      let scaled = n / 1024;
      let unit = 0;
      while (scaled >= 1024 && unit < units.length - 1) {
        scaled /= 1024;
        unit++;
      }
      return `${scaled >= 100 ? Math.round(scaled) : scaled.toFixed(1)} ${units[unit]}`;
    }
    case 'duration':
      return n < 1000 ? `${Math.round(n)} ms` : `${(n / 1000).toFixed(1)} s`;
    case 'number':
      return englishNumber(n);
    case 'count':
    case 'counts':
      return countList(value).map(englishCount).join(', ');
    case 'warnings':
      return value
        .split('\n')
        .filter(Boolean)
        .map((warning) => ` Warning: ${warning}.`)
        .join('');
    default:
      return value;
  }
}

/**
 * The code and parameters of a message (`SOURCE_MESSAGES`), so that a reader sees it in their language; null on
 * messages that have none and on events stored before (decision 0038). A code is a string here, not the enum: an
 * event keeps the code it was written with.
 */
export const messageCodeFields = {
  message_code: z.string().nullable().optional(),
  message_params: z.record(z.string(), z.string()).nullable().optional(),
};
