/**
 * A heavy, deterministic OBJ for the pipeline bench: a torus with a bumpy (displaced) surface, as a
 * (2n × n) grid of quads split into triangles, with positions, UVs and normals (`f a/a/a …`).
 * 1M triangles ≈ 501k vertices ≈ 90 MB of text. The same arguments always write the same bytes.
 *
 *   npx tsx pipeline/generate-heavy-obj.ts [triangles] [out.obj]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAJOR = 1;
const MINOR = 0.35;

function surface(u: number, v: number): [number, number, number] {
  const theta = u * Math.PI * 2;
  const phi = v * Math.PI * 2;
  const bump = 0.06 * Math.sin(7 * theta) * Math.cos(5 * phi) + 0.015 * Math.sin(41 * theta + 23 * phi);
  const r = MINOR * (1 + bump);
  const ring = MAJOR + r * Math.cos(phi);
  return [ring * Math.cos(theta), r * Math.sin(phi), ring * Math.sin(theta)];
}

function normalAt(u: number, v: number): [number, number, number] {
  const e = 1e-5;
  const p = surface(u, v);
  const pu = surface(u + e, v);
  const pv = surface(u, v + e);
  const a = [pu[0] - p[0], pu[1] - p[1], pu[2] - p[2]];
  const b = [pv[0] - p[0], pv[1] - p[1], pv[2] - p[2]];
  // (dP/dv × dP/du) points outwards for this parametrisation.
  const n: [number, number, number] = [
    (b[1] ?? 0) * (a[2] ?? 0) - (b[2] ?? 0) * (a[1] ?? 0),
    (b[2] ?? 0) * (a[0] ?? 0) - (b[0] ?? 0) * (a[2] ?? 0),
    (b[0] ?? 0) * (a[1] ?? 0) - (b[1] ?? 0) * (a[0] ?? 0),
  ];
  const length = Math.hypot(n[0], n[1], n[2]) || 1;
  return [n[0] / length, n[1] / length, n[2] / length];
}

export interface HeavyObj {
  file: string;
  triangles: number;
  vertices: number;
  bytes: number;
}

/** Write the model (about `targetTriangles` triangles) to `file`, reusing it when already written. */
export function generateHeavyObj(targetTriangles: number, file: string): HeavyObj {
  const rings = Math.max(3, Math.round(Math.sqrt(targetTriangles / 4)));
  const segments = rings * 2;
  const triangles = 2 * segments * rings;
  const vertices = (segments + 1) * (rings + 1);
  const marker = `# meshport bench torus ${segments}x${rings}\n`;
  if (fs.existsSync(file)) {
    const head = Buffer.alloc(marker.length);
    const fd = fs.openSync(file, 'r');
    fs.readSync(fd, head, 0, head.length, 0);
    fs.closeSync(fd);
    if (head.toString('utf8') === marker) return { file, triangles, vertices, bytes: fs.statSync(file).size };
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const fd = fs.openSync(partial, 'w');
  let chunk = marker;
  const flush = (force: boolean) => {
    if (force || chunk.length > 1 << 20) {
      fs.writeSync(fd, chunk);
      chunk = '';
    }
  };
  try {
    for (let j = 0; j <= rings; j++) {
      for (let i = 0; i <= segments; i++) {
        const [x, y, z] = surface(i / segments, j / rings);
        chunk += `v ${x.toFixed(5)} ${y.toFixed(5)} ${z.toFixed(5)}\n`;
        flush(false);
      }
    }
    for (let j = 0; j <= rings; j++) {
      for (let i = 0; i <= segments; i++) {
        chunk += `vt ${(i / segments).toFixed(5)} ${(j / rings).toFixed(5)}\n`;
        flush(false);
      }
    }
    for (let j = 0; j <= rings; j++) {
      for (let i = 0; i <= segments; i++) {
        const [x, y, z] = normalAt(i / segments, j / rings);
        chunk += `vn ${x.toFixed(4)} ${y.toFixed(4)} ${z.toFixed(4)}\n`;
        flush(false);
      }
    }
    const row = segments + 1;
    for (let j = 0; j < rings; j++) {
      for (let i = 0; i < segments; i++) {
        const a = j * row + i + 1;
        const b = a + 1;
        const c = a + row;
        const d = c + 1;
        chunk += `f ${a}/${a}/${a} ${c}/${c}/${c} ${b}/${b}/${b}\nf ${b}/${b}/${b} ${c}/${c}/${c} ${d}/${d}/${d}\n`;
        flush(false);
      }
    }
    flush(true);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(partial, file);
  return { file, triangles, vertices, bytes: fs.statSync(file).size };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const triangles = Number(process.argv[2] ?? 1_000_000);
  const out = process.argv[3] ?? path.join(os.tmpdir(), 'meshport-bench-pipeline', `torus-${triangles}.obj`);
  const started = performance.now();
  const result = generateHeavyObj(triangles, out);
  process.stdout.write(
    `${result.file}: ${result.triangles} triangles, ${result.vertices} vertices, ${(result.bytes / 1e6).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
}
