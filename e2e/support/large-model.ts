import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';

/** An uncompressed 24-bit BMP of random pixels: no encoder needed, and nothing for WebP to squeeze. */
function noiseBmp(side: number): Uint8Array {
  const row = side * 3; // side is a multiple of 4: no row padding
  const pixels = side * row;
  const bytes = Buffer.alloc(54 + pixels);
  bytes.write('BM', 0, 'latin1');
  bytes.writeUInt32LE(bytes.length, 2);
  bytes.writeUInt32LE(54, 10);
  bytes.writeUInt32LE(40, 14);
  bytes.writeInt32LE(side, 18);
  bytes.writeInt32LE(side, 22);
  bytes.writeUInt16LE(1, 26);
  bytes.writeUInt16LE(24, 28);
  bytes.writeUInt32LE(pixels, 34);
  randomBytes(pixels).copy(bytes, 54);
  return bytes;
}

/** A wavy grid of `rows` × `rows` quads with UVs and one material, as OBJ text. */
function gridObj(rows: number, material: string): string {
  const lines = ['mtllib large.mtl'];
  for (let y = 0; y <= rows; y++) {
    for (let x = 0; x <= rows; x++) {
      lines.push(`v ${x / rows - 0.5} ${Math.sin(x / 5) * Math.cos(y / 7) * 0.03} ${y / rows - 0.5}`);
      lines.push(`vt ${x / rows} ${y / rows}`);
    }
  }
  lines.push(`usemtl ${material}`);
  const at = (x: number, y: number) => y * (rows + 1) + x + 1;
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < rows; x++) {
      const [a, b, c, d] = [at(x, y), at(x, y + 1), at(x + 1, y + 1), at(x + 1, y)];
      lines.push(`f ${a}/${a} ${b}/${b} ${c}/${c} ${d}/${d}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A zip of an OBJ whose web-ready GLB is a few MB: a dense grid under a 2048 px colour map and a 1024 px bump map of
 * random pixels (which WebP cannot shrink much). For the share page's first frame on a phone's network.
 */
export async function largeModelZip(): Promise<string> {
  const material = 'Surface';
  const mtl = `newmtl ${material}\nKd 1 1 1\nmap_Kd colour.bmp\nmap_Bump bump.bmp\n`;
  const zip = zipSync(
    {
      'large.obj': new TextEncoder().encode(gridObj(220, material)),
      'large.mtl': new TextEncoder().encode(mtl),
      'colour.bmp': noiseBmp(2048),
      'bump.bmp': noiseBmp(1024),
    },
    { level: 1 },
  );
  const folder = await mkdtemp(path.join(tmpdir(), 'meshport-e2e-large-'));
  const file = path.join(folder, 'large-model.zip');
  await writeFile(file, zip);
  return file;
}
