import type { Document, mat4 } from '@gltf-transform/core';
import {
  isUnstatedFormat,
  METRES_PER_UNIT,
  type ModelUnit,
  PLACEMENT_DEFAULTS,
  type PlacementFigure,
  type UpAxis,
} from '@meshport/contract';
import { readFbxGlobalSettings } from './fbx-global-settings.ts';
import type { ModelKind } from './inspect-step.ts';

/** The record's choice for a file that states no units or axes; null: the format's default. */
export interface PlacementChoice {
  units: ModelUnit | null;
  upAxis: UpAxis | null;
}

/** Rows of the 3×3 that takes the file's axes to glTF's (X right, Y up, Z front). */
type Basis = [[number, number, number], [number, number, number], [number, number, number]];

const IDENTITY: Basis = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];
/** Z up → Y up, right-handed: (x, y, z) → (x, z, −y), as Blender and 3ds Max exporters do. */
const Z_UP: Basis = [
  [1, 0, 0],
  [0, 0, 1],
  [0, -1, 0],
];
/** Its inverse: for 3DS, which assimp already turns from Z up to Y up, when the record says Y up. */
const Z_UP_UNDONE: Basis = [
  [1, 0, 0],
  [0, 0, -1],
  [0, 1, 0],
];

const axisRow = (axis: number, sign: number): [number, number, number] => {
  const row: [number, number, number] = [0, 0, 0];
  row[axis] = sign;
  return row;
};

export interface Placement {
  figure: PlacementFigure;
  /** Said in the convert step's message when anything was changed. */
  note: string | null;
}

const UNIT_WORDS: Record<ModelUnit, string> = { mm: 'millimetres', cm: 'centimetres', m: 'metres', in: 'inches' };

/**
 * Puts the scene in metres, Y up: FBX by its GlobalSettings (assimpjs leaves them unapplied); Collada's
 * `<unit>` and `<up_axis>` assimp applies itself; glTF is metres and Y up; the formats that state nothing
 * by the record's choice or the format's default (docs/decisions/0037). The transform goes on a new root
 * node above the scene's roots, so animated roots and skins keep theirs.
 */
export async function placeScene(
  doc: Document,
  kind: ModelKind,
  filePath: string,
  choice: PlacementChoice | undefined,
): Promise<Placement> {
  let scale = 1;
  let basis = IDENTITY;
  let figure: PlacementFigure = { units: 'm', metres_per_unit: 1, up_axis: 'y', from: 'file' };
  if (kind === 'fbx') {
    // Unreadable settings: FBX's own defaults, centimetres and Y up.
    const s = (await readFbxGlobalSettings(filePath)) ?? { unitScaleFactor: 1, upAxis: 1, upAxisSign: 1 };
    scale = s.unitScaleFactor * 0.01;
    if ('frontAxis' in s) {
      basis = [
        axisRow(s.coordAxis, s.coordAxisSign),
        axisRow(s.upAxis, s.upAxisSign),
        axisRow(s.frontAxis, s.frontAxisSign),
      ];
    }
    const unit = (Object.keys(METRES_PER_UNIT) as ModelUnit[]).find((u) => Math.abs(METRES_PER_UNIT[u] - scale) < 1e-9);
    figure = { units: unit ?? null, metres_per_unit: scale, up_axis: s.upAxis === 2 ? 'z' : 'y', from: 'file' };
  } else if (isUnstatedFormat(kind)) {
    const defaults = PLACEMENT_DEFAULTS[kind];
    const units = choice?.units ?? defaults.units;
    const upAxis = choice?.upAxis ?? defaults.up_axis;
    scale = METRES_PER_UNIT[units];
    // assimp's 3DS reader already turns Z up into Y up.
    const readerUp: UpAxis = kind === '3ds' ? 'z' : 'y';
    basis = upAxis === readerUp ? IDENTITY : upAxis === 'z' ? Z_UP : Z_UP_UNDONE;
    const from = choice?.units || choice?.upAxis ? 'record' : 'format';
    figure = { units, metres_per_unit: scale, up_axis: upAxis, from };
  }
  if (scale === 1 && basis === IDENTITY) return { figure, note: null };
  wrapScene(doc, basis, scale);
  const unitText = figure.units ? UNIT_WORDS[figure.units] : `units of ${scale} m`;
  const said = { file: 'as the file states', format: 'the format’s default', record: 'as the record says' }[
    figure.from
  ];
  return {
    figure,
    note: `read as ${unitText}, ${figure.up_axis.toUpperCase()} up (${said}), placed in metres, Y up`,
  };
}

function wrapScene(doc: Document, basis: Basis, scale: number): void {
  const [r0, r1, r2] = basis;
  // glTF matrices are column-major: element [col * 4 + row].
  // biome-ignore format: a matrix reads as one
  const matrix: mat4 = [
    r0[0] * scale, r1[0] * scale, r2[0] * scale, 0,
    r0[1] * scale, r1[1] * scale, r2[1] * scale, 0,
    r0[2] * scale, r1[2] * scale, r2[2] * scale, 0,
    0, 0, 0, 1,
  ];
  for (const scene of doc.getRoot().listScenes()) {
    const roots = scene.listChildren();
    if (roots.length === 0) continue;
    const root = doc.createNode('Placement').setMatrix(matrix);
    for (const node of roots) {
      scene.removeChild(node);
      root.addChild(node);
    }
    scene.addChild(root);
  }
}
