import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HAVE_SAMPLES, sample } from '#test/samples.ts';
import { parseStl, StlSyntaxError } from './stl-import.ts';

/** A binary STL of the given triangles (9 numbers each), with a zero facet normal as many exporters write. */
function binaryStl(triangles: number[][], header = 'binary') {
  const bytes = Buffer.alloc(84 + triangles.length * 50);
  bytes.write(header, 0, 'latin1');
  bytes.writeUInt32LE(triangles.length, 80);
  triangles.forEach((corners, t) => {
    corners.forEach((value, k) => {
      bytes.writeFloatLE(value, 84 + t * 50 + 12 + k * 4);
    });
  });
  return new Uint8Array(bytes);
}

const failure = (bytes: Uint8Array) => {
  try {
    parseStl(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(StlSyntaxError);
    return (error as Error).message;
  }
  throw new Error('parseStl accepted the file');
};

const TRIANGLE = [0, 0, 0, 1, 0, 0, 0, 1, 0];

describe('parseStl', () => {
  it('reads a binary file, even one whose header starts with "solid"', () => {
    for (const header of ['binary', 'solid but binary']) {
      const data = parseStl(binaryStl([TRIANGLE, [0, 0, 0, 0, 0, 1, 1, 0, 0]], header));
      expect([...data.positions]).toEqual([...TRIANGLE, 0, 0, 0, 0, 0, 1, 1, 0, 0]);
    }
  });

  it('reads an ASCII file and its name', () => {
    const text =
      'solid part one\n facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n   vertex 1e0 0 0\n   vertex 0 1 0\n' +
      '  endloop\n endfacet\n facet normal 0 0 -1\n  outer loop\n   vertex 0 0 0\n   vertex 0 1 0\n   vertex 0 0 0\n' +
      '  endloop\n endfacet\nendsolid part one\n';
    const data = parseStl(new Uint8Array(Buffer.from(text)));
    expect(data.name).toBe('part one');
    expect([...data.positions]).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]);
  });

  it('fails damaged files with a message', () => {
    expect(failure(new Uint8Array(10))).toMatch(/too short/);
    const cut = binaryStl([TRIANGLE, TRIANGLE]);
    expect(failure(cut.subarray(0, cut.length - 10))).toMatch(/announces 2 triangles, more than the file holds/);
    const huge = binaryStl([TRIANGLE]);
    new DataView(huge.buffer).setUint32(80, 4_000_000_000, true);
    expect(failure(huge)).toMatch(/announces 4,000,000,000 triangles/);
    const twoCorners =
      'solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nendloop\nendfacet\nendsolid\n';
    expect(failure(new Uint8Array(Buffer.from(twoCorners)))).toMatch(/a facet does not have three vertices/);
    const garbage = 'solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 zero 0\nendloop\nendfacet\nendsolid\n';
    expect(failure(new Uint8Array(Buffer.from(garbage)))).toMatch(/does not hold three numbers/);
  });
});

describe.skipIf(!HAVE_SAMPLES)('parseStl on the sample files', () => {
  it('reads the ASCII and the binary spider alike', () => {
    const ascii = parseStl(readFileSync(sample('STL/Spider_ascii.stl')));
    const binary = parseStl(readFileSync(sample('STL/Spider_binary.stl')));
    expect(ascii.positions.length / 9).toBe(1368);
    expect(binary.positions.length / 9).toBe(1368);
    for (let i = 0; i < ascii.positions.length; i += 97) {
      expect(ascii.positions[i]).toBeCloseTo(binary.positions[i] as number, 4);
    }
  });
});
