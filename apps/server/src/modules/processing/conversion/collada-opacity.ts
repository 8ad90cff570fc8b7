import { readFile, stat } from 'node:fs/promises';
import type { Document } from '@gltf-transform/core';

/**
 * Writers that put FBX's TransparencyFactor (0 = opaque) into `<transparency>`, where Collada means the opposite
 * with its default `opaque="A_ONE"` (1 = opaque): Autodesk's FBX COLLADA exporter (3ds Max, Maya, MotionBuilder).
 */
const INVERTING_WRITERS = [/FBX COLLADA exporter/i];

/** Larger files are left as assimp read them: their text is not read a second time. */
const MAX_TEXT_BYTES = 256 * 1024 * 1024;

export interface ColladaOpacity {
  opacity: number;
  /** Why the file's value was not read as the Collada specification says, or null. */
  reason: string | null;
}

/** A number as written, the comma of a decimal-comma locale read as a point (`0,200000`). */
const number = (text: string) => Number(text.trim().replace(',', '.'));
const luminance = ([r, g, b]: number[]) => 0.212671 * (r ?? 0) + 0.71516 * (g ?? 0) + 0.072169 * (b ?? 0);
const attribute = (attributes: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];

interface EffectTransparency {
  opaque: string;
  color: number[];
  transparency: number;
}

function effectTransparency(body: string): EffectTransparency | null {
  const transparent = /<transparent\b([^>]*)>([\s\S]*?)<\/transparent>/.exec(body);
  const transparency = /<transparency>\s*<float\b[^>]*>([^<]*)<\/float>/.exec(body);
  if (!transparent && !transparency) return null;
  // A texture as transparent (an alpha map) is left to assimp.
  if (transparent && /<texture\b/.test(transparent[2] ?? '')) return null;
  const colorText = transparent ? /<color\b[^>]*>([^<]*)<\/color>/.exec(transparent[2] ?? '')?.[1] : undefined;
  const color = colorText ? colorText.trim().split(/\s+/).map(number) : [0, 0, 0, 1];
  const value = transparency ? number(transparency[1] ?? '1') : 1;
  if (![...color, value].every(Number.isFinite)) return null;
  return { opaque: (transparent && attribute(transparent[1] ?? '', 'opaque')) || 'A_ONE', color, transparency: value };
}

/** Opacity by the Collada 1.4 specification (its `opaque` modes), clamped to [0, 1]. */
function specOpacity({ opaque, color, transparency }: EffectTransparency): number {
  const alpha = color[3] ?? 1;
  const opacity =
    opaque === 'RGB_ZERO'
      ? 1 - luminance(color) * transparency
      : opaque === 'RGB_ONE'
        ? luminance(color) * transparency
        : opaque === 'A_ZERO'
          ? 1 - alpha * transparency
          : alpha * transparency;
  return Math.min(1, Math.max(0, opacity));
}

/**
 * The opacity each Collada material means, by material name and id: the specification's reading, inverted for
 * writers known to write 0 for opaque, and for any material that reading would make wholly invisible (a surface
 * drawn as nothing is never what a file means; the writers that invert are the ones that produce it).
 */
export function colladaOpacities(text: string): Map<string, ColladaOpacity> {
  const tool = /<authoring_tool>([^<]*)<\/authoring_tool>/.exec(text)?.[1] ?? '';
  const inverting = INVERTING_WRITERS.some((writer) => writer.test(tool));
  const effects = new Map<string, EffectTransparency>();
  for (const [, attributes = '', body = ''] of text.matchAll(/<effect\b([^>]*)>([\s\S]*?)<\/effect>/g)) {
    const id = attribute(attributes, 'id');
    const found = effectTransparency(body);
    if (id && found) effects.set(id, found);
  }
  const opacities = new Map<string, ColladaOpacity>();
  for (const [, attributes = '', body = ''] of text.matchAll(/<material\b([^>]*?)(?:\/>|>([\s\S]*?)<\/material>)/g)) {
    const url = /<instance_effect\b[^>]*\burl="#([^"]*)"/.exec(body)?.[1];
    const effect = url ? effects.get(url) : undefined;
    if (!effect) continue;
    const spec = specOpacity(effect);
    const entry: ColladaOpacity = inverting
      ? { opacity: 1 - spec, reason: `<transparency> read with 0 as opaque, as ${tool.trim()} writes it` }
      : spec === 0
        ? { opacity: 1, reason: '<transparency> read with 0 as opaque: as written it would be invisible' }
        : { opacity: spec, reason: null };
    for (const key of [attribute(attributes, 'name'), attribute(attributes, 'id')]) if (key) opacities.set(key, entry);
  }
  return opacities;
}

const format = (n: number) => Number(n.toFixed(3)).toString();

/**
 * Gives each material of a Collada file read by assimp the opacity the file means (assimp follows the
 * specification's `A_ONE` reading, so files that write 0 for opaque come out invisible; decision 0035).
 */
export async function applyColladaOpacity(doc: Document, filePath: string, warnings: string[]): Promise<void> {
  if ((await stat(filePath)).size > MAX_TEXT_BYTES) return;
  const opacities = colladaOpacities(await readFile(filePath, 'utf8'));
  if (opacities.size === 0) return;
  for (const material of doc.getRoot().listMaterials()) {
    const meant = opacities.get(material.getName());
    if (!meant) continue;
    const [r, g, b, alpha] = material.getBaseColorFactor();
    if (Math.abs(alpha - meant.opacity) < 1e-6) continue;
    material.setBaseColorFactor([r, g, b, meant.opacity]);
    material.setAlphaMode(meant.opacity < 1 ? 'BLEND' : 'OPAQUE');
    if (meant.reason) {
      warnings.push(`Material ${material.getName()}: opacity ${format(meant.opacity)}, its ${meant.reason}`);
    }
  }
}
