import type { Part } from './demo-geometry.ts';
import { paletteEntry } from './demo-palette.ts';

const id = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const list = (values: readonly number[]) => values.map((v) => Number(v.toFixed(5))).join(' ');
const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** Collada 1.4.1 in metres, Y up; materials as Phong colours; one geometry and node per part. */
export function writeCollada(title: string, parts: readonly Part[]): Buffer {
  const materials = [...new Set(parts.map((part) => part.material))];
  const effects = materials.map((name) => {
    const entry = paletteEntry(name);
    return `    <effect id="${id(name)}-effect"><profile_COMMON><technique sid="common"><phong>
      <diffuse><color>${list([...entry.colour, 1])}</color></diffuse>
      <specular><color>${list([0.1, 0.1, 0.1, 1])}</color></specular>
      <shininess><float>${Math.round((1 - entry.roughness) * 64)}</float></shininess>
    </phong></technique></profile_COMMON></effect>`;
  });
  const materialDefs = materials.map(
    (name) =>
      `    <material id="${id(name)}-material" name="${xmlText(name)}"><instance_effect url="#${id(name)}-effect"/></material>`,
  );
  const geometries = parts.map((part, i) => {
    const g = `part-${i}`;
    const count = part.positions.length / 3;
    const triangles: number[] = [];
    for (const index of part.indices) triangles.push(index, index);
    return `    <geometry id="${g}" name="${xmlText(part.name)}"><mesh>
      <source id="${g}-positions"><float_array id="${g}-positions-array" count="${count * 3}">${list(part.positions)}</float_array>
        <technique_common><accessor source="#${g}-positions-array" count="${count}" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>
      <source id="${g}-normals"><float_array id="${g}-normals-array" count="${count * 3}">${list(part.normals)}</float_array>
        <technique_common><accessor source="#${g}-normals-array" count="${count}" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>
      <vertices id="${g}-vertices"><input semantic="POSITION" source="#${g}-positions"/></vertices>
      <triangles material="${id(part.material)}" count="${part.indices.length / 3}">
        <input semantic="VERTEX" source="#${g}-vertices" offset="0"/><input semantic="NORMAL" source="#${g}-normals" offset="1"/>
        <p>${triangles.join(' ')}</p>
      </triangles>
    </mesh></geometry>`;
  });
  const nodes = parts.map(
    (
      part,
      i,
    ) => `      <node id="node-${i}" name="${xmlText(part.name)}"><instance_geometry url="#part-${i}"><bind_material><technique_common>
        <instance_material symbol="${id(part.material)}" target="#${id(part.material)}-material"/>
      </technique_common></bind_material></instance_geometry></node>`,
  );
  const xml = `<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <asset><contributor><authoring_tool>Meshport demo</authoring_tool></contributor><title>${xmlText(title)}</title>
    <created>2026-01-01T00:00:00Z</created><modified>2026-01-01T00:00:00Z</modified><unit name="meter" meter="1"/><up_axis>Y_UP</up_axis></asset>
  <library_effects>
${effects.join('\n')}
  </library_effects>
  <library_materials>
${materialDefs.join('\n')}
  </library_materials>
  <library_geometries>
${geometries.join('\n')}
  </library_geometries>
  <library_visual_scenes>
    <visual_scene id="scene" name="${xmlText(title)}">
${nodes.join('\n')}
    </visual_scene>
  </library_visual_scenes>
  <scene><instance_visual_scene url="#scene"/></scene>
</COLLADA>
`;
  return Buffer.from(xml, 'utf8');
}
