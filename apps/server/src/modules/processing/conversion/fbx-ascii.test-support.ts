import { writeFileSync } from 'node:fs';

/**
 * Writes a minimal ASCII FBX 7.4 of one box with the given GlobalSettings: a fixture the tests make
 * (no sample file is copied into the project).
 */
export function writeBoxFbx(
  filePath: string,
  box: { size: [number, number, number]; unitScaleFactor: number; upAxis: 1 | 2 },
): void {
  const [x, y, z] = box.size.map((s) => s / 2) as [number, number, number];
  const corners = [
    [-x, -y, -z],
    [x, -y, -z],
    [x, y, -z],
    [-x, y, -z],
    [-x, -y, z],
    [x, -y, z],
    [x, y, z],
    [-x, y, z],
  ];
  const quads = [
    [0, 3, 2, 1],
    [4, 5, 6, 7],
    [0, 1, 5, 4],
    [2, 3, 7, 6],
    [1, 2, 6, 5],
    [0, 4, 7, 3],
  ];
  // The last index of each polygon is stored as -(index + 1).
  const indices = quads.flatMap(([a, b, c, d]) => [a, b, c, -(d as number) - 1]);
  const zUp = box.upAxis === 2;
  const settings = {
    UpAxis: box.upAxis,
    UpAxisSign: 1,
    FrontAxis: zUp ? 1 : 2,
    FrontAxisSign: zUp ? -1 : 1,
    CoordAxis: 0,
    CoordAxisSign: 1,
  };
  const text = `; FBX 7.4.0 project file
FBXHeaderExtension:  {
	FBXHeaderVersion: 1003
	FBXVersion: 7400
}
GlobalSettings:  {
	Version: 1000
	Properties70:  {
${Object.entries(settings)
  .map(([name, value]) => `\t\tP: "${name}", "int", "Integer", "",${value}`)
  .join('\n')}
		P: "UnitScaleFactor", "double", "Number", "",${box.unitScaleFactor}
	}
}
Objects:  {
	Geometry: 100, "Geometry::Box", "Mesh" {
		Vertices: *${corners.length * 3} {
			a: ${corners.flat().join(',')}
		}
		PolygonVertexIndex: *${indices.length} {
			a: ${indices.join(',')}
		}
		GeometryVersion: 124
	}
	Model: 200, "Model::Box", "Mesh" {
		Version: 232
		Properties70:  {
		}
		Shading: T
		Culling: "CullingOff"
	}
}
Connections:  {
	C: "OO",200,0
	C: "OO",100,200
}
`;
  writeFileSync(filePath, text);
}
