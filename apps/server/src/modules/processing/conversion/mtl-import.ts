import type { Document, Material, Texture } from '@gltf-transform/core';

/** One `newmtl` block of an MTL file, with the fields we map to PBR. */
export interface MtlMaterial {
  name: string;
  kd?: [number, number, number];
  ks?: [number, number, number];
  ke?: [number, number, number];
  ns?: number;
  d?: number;
  pr?: number;
  pm?: number;
  maps: Partial<Record<'kd' | 'bump' | 'norm' | 'ke' | 'd' | 'pr' | 'pm' | 'ao', string>>;
}

// Options of map_* statements and how many arguments each takes at most.
const MAP_OPTIONS: Record<string, number> = {
  '-blendu': 1,
  '-blendv': 1,
  '-boost': 1,
  '-bm': 1,
  '-cc': 1,
  '-clamp': 1,
  '-imfchan': 1,
  '-mm': 2,
  '-o': 3,
  '-s': 3,
  '-t': 3,
  '-texres': 1,
  '-type': 1,
};

/** The file name of a `map_*` statement, after its options (names may contain spaces). */
export function mapFileName(args: string): string | undefined {
  const tokens = args.trim().split(/\s+/);
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i] ?? '';
    const arity = MAP_OPTIONS[token.toLowerCase()];
    if (arity === undefined) break;
    i++;
    for (let n = 0; n < arity && i < tokens.length - 1; n++) {
      if (arity > 1 && n > 0 && Number.isNaN(Number(tokens[i]))) break;
      i++;
    }
  }
  const name = tokens.slice(i).join(' ');
  return name === '' ? undefined : name;
}

const MAP_KEYS: Record<string, keyof MtlMaterial['maps']> = {
  map_kd: 'kd',
  map_bump: 'bump',
  bump: 'bump',
  norm: 'norm',
  map_norm: 'norm',
  map_ke: 'ke',
  map_d: 'd',
  map_pr: 'pr',
  map_pm: 'pm',
  map_ao: 'ao',
};

function triple(parts: string[]): [number, number, number] | undefined {
  const [r, g, b] = parts.map(Number);
  if (r === undefined || Number.isNaN(r)) return undefined;
  const g2 = g === undefined || Number.isNaN(g) ? r : g;
  const b2 = b === undefined || Number.isNaN(b) ? r : b;
  return [r, g2, b2];
}

export function parseMtl(text: string): MtlMaterial[] {
  const materials: MtlMaterial[] = [];
  let current: MtlMaterial | undefined;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const space = line.search(/\s/);
    const keyword = (space < 0 ? line : line.slice(0, space)).toLowerCase();
    const rest = space < 0 ? '' : line.slice(space + 1).trim();
    if (keyword === 'newmtl') {
      current = { name: rest, maps: {} };
      materials.push(current);
      continue;
    }
    if (!current) continue;
    const parts = rest.split(/\s+/);
    const num = Number(parts[0]);
    switch (keyword) {
      case 'kd':
        current.kd = triple(parts);
        break;
      case 'ks':
        current.ks = triple(parts);
        break;
      case 'ke':
        current.ke = triple(parts);
        break;
      case 'ns':
        if (!Number.isNaN(num)) current.ns = num;
        break;
      case 'd':
        if (!Number.isNaN(num)) current.d = num;
        break;
      case 'tr':
        if (!Number.isNaN(num)) current.d = 1 - num;
        break;
      case 'pr':
        if (!Number.isNaN(num)) current.pr = num;
        break;
      case 'pm':
        if (!Number.isNaN(num)) current.pm = num;
        break;
      default: {
        const mapKey = MAP_KEYS[keyword];
        const file = mapKey ? mapFileName(rest) : undefined;
        if (mapKey && file) current.maps[mapKey] = file;
      }
    }
  }
  return materials;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** Builds a glTF PBR material approximating an MTL (Phong) material. `texture` makes or reuses a texture by reference. */
export function createPbrMaterial(
  doc: Document,
  mtl: MtlMaterial,
  texture: (reference: string) => Texture | undefined,
): Material {
  const material = doc.createMaterial(mtl.name);
  const kd = mtl.kd ?? [0.8, 0.8, 0.8];
  const alpha = clamp01(mtl.d ?? 1);
  material.setBaseColorFactor([clamp01(kd[0]), clamp01(kd[1]), clamp01(kd[2]), alpha]);
  if (alpha < 1) material.setAlphaMode('BLEND');
  // Phong shininess → roughness: the usual Blinn-Phong/GGX correspondence.
  const roughness = mtl.pr ?? Math.sqrt(2 / ((mtl.ns ?? 0) + 2));
  material.setRoughnessFactor(clamp01(roughness));
  material.setMetallicFactor(clamp01(mtl.pm ?? 0));
  if (mtl.ke?.some((v) => v > 0)) material.setEmissiveFactor(mtl.ke.map(clamp01) as [number, number, number]);
  const map = (reference: string | undefined) => (reference ? (texture(reference) ?? null) : null);
  const base = map(mtl.maps.kd);
  if (base) material.setBaseColorTexture(base);
  const normal = map(mtl.maps.norm ?? mtl.maps.bump);
  if (normal) material.setNormalTexture(normal);
  const emissive = map(mtl.maps.ke);
  if (emissive) {
    material.setEmissiveTexture(emissive);
    if (!mtl.ke || mtl.ke.every((v) => v === 0)) material.setEmissiveFactor([1, 1, 1]);
  }
  const occlusion = map(mtl.maps.ao);
  if (occlusion) material.setOcclusionTexture(occlusion);
  if (mtl.maps.d && !mtl.maps.kd) material.setAlphaMode('BLEND');
  return material;
}
