import { boundsOf, box, frustum, moved, type Part, rod, sphere, taperedBox, type Vec3 } from './demo-geometry.ts';
import type { PaletteName } from './demo-palette.ts';

/**
 * Single kitchen pieces in real sizes (metres, Y up, front facing +Z). Every piece function returns its parts with the
 * origin at the floor centre of the piece (see `centred`).
 */

export const PLINTH_HEIGHT = 0.15;
export const CARCASS_TOP = 0.87;
export const WORKTOP_THICKNESS = 0.04;
const CARCASS_BACK = -0.29;
const CARCASS_FRONT = 0.27;
const FRONT_THICKNESS = 0.019;
const GAP = 0.003;

type Finish = PaletteName;

/** Parts moved so that their bounds are centred on X and Z and stand on Y = 0. */
export function centred(parts: readonly Part[]): Part[] {
  const { min, max } = boundsOf(parts);
  return moved(parts, [-(min[0] + max[0]) / 2, -min[1], -(min[2] + max[2]) / 2]);
}

/**
 * A bar handle with 160 mm between its holes, mounted on a front whose face is at `face.z`; `centre` is the middle of
 * the bar on that face. Vertical for tall doors.
 */
export function barHandleAt(centre: Vec3, vertical = false, finish: Finish = 'Brushed Steel'): Part[] {
  const [x, y, z] = centre;
  const reach = 0.03;
  const along = (d: number): Vec3 => (vertical ? [x, y + d, z + reach - 0.006] : [x + d, y, z + reach - 0.006]);
  const post = (d: number): Part => {
    const at = along(d);
    return rod('handle post', finish, [at[0], at[1], z], [at[0], at[1], z + reach - 0.006], 0.0045, 10);
  };
  return [rod('handle bar', finish, along(-0.1), along(0.1), 0.006, 14), post(-0.08), post(0.08)];
}

/** Bar Handle 160mm on its own, lying on its back (posts down). */
export function barHandle(): Part[] {
  return centred(barHandleAt([0, 0, 0], false));
}

/** Brass Knob standing on its rosette. */
export function brassKnob(): Part[] {
  return centred([
    frustum('rosette', 'Brass Satin', [0, 0, 0], 0.013, 0.012, 0.003, { segments: 28 }),
    frustum('neck', 'Brass Satin', [0, 0.003, 0], 0.006, 0.008, 0.016, { segments: 20 }),
    sphere('head', 'Brass Satin', [0, 0.032, 0], 0.015, 24),
  ]);
}

/** Legacy Plinth: a 2.4 m kick board with four levelling feet behind it. */
export function plinth(): Part[] {
  const feet = [-1, -0.35, 0.35, 1].map((x) =>
    frustum('levelling foot', 'Charcoal', [x, 0, -0.08], 0.02, 0.015, 0.14, { segments: 12 }),
  );
  return centred([box('kick board', 'Charcoal', [-1.2, 0.005, 0], [1.2, 0.15, 0.018]), ...feet]);
}

type Front = { kind: 'door' | 'drawer'; bottom: number; top: number; left: number; right: number };

/** Fronts with their gaps, a handle each (drawers and low doors: horizontal near the top). */
function fronts(list: Front[], finish: Finish, handles = true): Part[] {
  const parts: Part[] = [];
  for (const [i, f] of list.entries()) {
    const min: Vec3 = [f.left + GAP / 2, f.bottom + GAP / 2, CARCASS_FRONT];
    const max: Vec3 = [f.right - GAP / 2, f.top - GAP / 2, CARCASS_FRONT + FRONT_THICKNESS];
    parts.push(box(`${f.kind} ${i + 1}`, finish, min, max));
    if (!handles) continue;
    const tall = f.kind === 'door' && f.top - f.bottom > 1;
    const x = (f.left + f.right) / 2;
    const y = f.kind === 'drawer' ? (f.bottom + f.top) / 2 : tall ? f.bottom + 0.3 : f.top - 0.06;
    const hx = tall ? (f.left + f.right) / 2 + (f.right - f.left) / 2 - 0.05 : x;
    parts.push(...barHandleAt([hx, y, max[2]], tall));
  }
  return parts;
}

function carcass(width: number, top = CARCASS_TOP, finish: Finish = 'Matte White Lacquer'): Part[] {
  return [
    box('carcass', finish, [-width / 2, PLINTH_HEIGHT, CARCASS_BACK], [width / 2, top, CARCASS_FRONT]),
    box('plinth', 'Charcoal', [-width / 2 + 0.005, 0, CARCASS_BACK + 0.05], [width / 2 - 0.005, PLINTH_HEIGHT, 0.22]),
  ];
}

const doorsAcross = (width: number, bottom: number, top: number): Front[] => {
  const count = width > 0.6 ? 2 : 1;
  return Array.from({ length: count }, (_, i) => ({
    kind: 'door' as const,
    bottom,
    top,
    left: -width / 2 + (width / count) * i,
    right: -width / 2 + (width / count) * (i + 1),
  }));
};

/** A base cabinet 87 cm tall without worktop: plinth, carcass, one door (two above 60 cm), bar handles. */
export function baseCabinet(width = 0.6, finish: Finish = 'Matte White Lacquer'): Part[] {
  return centred([...carcass(width), ...fronts(doorsAcross(width, PLINTH_HEIGHT, CARCASS_TOP), finish)]);
}

/** A drawer unit: one shallow and two deep drawers. */
export function drawerUnit(width = 0.6, finish: Finish = 'Matte White Lacquer'): Part[] {
  const edges = [PLINTH_HEIGHT, 0.43, 0.71, CARCASS_TOP];
  const drawers: Front[] = edges.slice(0, -1).map((bottom, i) => ({
    kind: 'drawer',
    bottom,
    top: edges[i + 1] as number,
    left: -width / 2,
    right: width / 2,
  }));
  return centred([...carcass(width), ...fronts(drawers, finish)]);
}

/** A wall cabinet 72 cm tall, 35 cm deep, its handle along the bottom of the door. */
export function wallCabinet(width = 0.4, finish: Finish = 'Matte White Lacquer'): Part[] {
  const height = 0.72;
  const back = -0.175;
  const front = 0.155;
  const door = box(
    'door',
    finish,
    [-width / 2 + GAP / 2, GAP / 2, front],
    [width / 2 - GAP / 2, height - GAP / 2, front + FRONT_THICKNESS],
  );
  return centred([
    box('carcass', 'Matte White Lacquer', [-width / 2, 0, back], [width / 2, height, front]),
    door,
    ...barHandleAt([0, 0.05, front + FRONT_THICKNESS]),
  ]);
}

/** Built-in Oven 60cm: steel fascia, black glass door with a window, steel bar handle, two control knobs. */
export function builtInOven(): Part[] {
  const w = 0.2975;
  const knob = (x: number) => rod('control knob', 'Charcoal', [x, 0.545, 0.285], [x, 0.545, 0.305], 0.017, 20);
  return centred([
    box('body', 'Charcoal', [-0.28, 0.005, -0.29], [0.28, 0.59, 0.25]),
    box('fascia', 'Brushed Steel', [-w, 0, 0.25], [w, 0.595, 0.27]),
    box('control panel', 'Brushed Steel', [-w, 0.497, 0.27], [w, 0.595, 0.285]),
    box('display', 'Black Glass', [-0.07, 0.525, 0.285], [0.07, 0.565, 0.287]),
    knob(-0.2),
    knob(0.2),
    box('door', 'Black Glass', [-w, 0.005, 0.27], [w, 0.492, 0.29]),
    box('window', 'Smoked Glass', [-0.2, 0.1, 0.29], [0.2, 0.36, 0.2915]),
    rod('handle bar', 'Brushed Steel', [-0.25, 0.45, 0.322], [0.25, 0.45, 0.322], 0.008, 16),
    rod('handle post', 'Brushed Steel', [-0.22, 0.45, 0.29], [-0.22, 0.45, 0.316], 0.006, 10),
    rod('handle post', 'Brushed Steel', [0.22, 0.45, 0.29], [0.22, 0.45, 0.316], 0.006, 10),
  ]);
}

/** Induction Hob 4-Zone: a black glass slab in a thin steel frame over its housing, four cooking zones. */
export function inductionHob(): Part[] {
  const zone = (x: number, z: number, r: number) =>
    frustum('cooking zone', 'Zone Grey', [x, 0.058, z], r, r - 0.004, 0.0005, { segments: 40 });
  return centred([
    box('housing', 'Charcoal', [-0.28, 0, -0.245], [0.28, 0.05, 0.245]),
    box('frame', 'Brushed Steel', [-0.295, 0.05, -0.26], [0.295, 0.056, 0.26]),
    box('glass', 'Black Glass', [-0.29, 0.05, -0.255], [0.29, 0.058, 0.255]),
    zone(-0.14, -0.1, 0.1),
    zone(0.14, -0.1, 0.08),
    zone(-0.14, 0.12, 0.08),
    zone(0.14, 0.12, 0.09),
    box('touch controls', 'Zone Grey', [-0.1, 0.058, 0.215], [0.1, 0.0584, 0.235]),
  ]);
}

/** Gas Hob 5-Burner: a steel top, four burners and a wok burner in the middle, cast-iron pan supports, five knobs. */
export function gasHob(): Part[] {
  const top = 0.05;
  const parts: Part[] = [
    box('housing', 'Charcoal', [-0.35, 0, -0.24], [0.35, 0.04, 0.24]),
    box('top plate', 'Brushed Steel', [-0.375, 0.04, -0.26], [0.375, top, 0.26]),
  ];
  const burners: [number, number, number][] = [
    [-0.23, -0.11, 0.04],
    [-0.23, 0.09, 0.035],
    [0.23, -0.11, 0.04],
    [0.23, 0.09, 0.03],
    [0, -0.01, 0.055],
  ];
  for (const [x, z, r] of burners) {
    parts.push(
      frustum('burner crown', 'Brushed Steel', [x, top, z], r * 1.35, r * 1.2, 0.01, { segments: 28 }),
      frustum('burner cap', 'Cast Iron', [x, top + 0.01, z], r, r * 0.9, 0.008, { segments: 28 }),
    );
    for (let k = 0; k < 4; k++) {
      const a = Math.PI / 4 + (k * Math.PI) / 2;
      const inner = r * 1.6;
      const outer = r * 1.6 + 0.06;
      const at = (d: number): Vec3 => [x + d * Math.cos(a), top + 0.025, z + d * Math.sin(a)];
      parts.push(rod('pan support', 'Cast Iron', at(inner), at(outer), 0.005, 8));
      parts.push(
        rod(
          'pan support foot',
          'Cast Iron',
          [...at(outer)].map((v, i) => (i === 1 ? top : v)) as Vec3,
          at(outer),
          0.005,
          8,
        ),
      );
    }
  }
  for (let i = 0; i < 5; i++) {
    parts.push(
      frustum('control knob', 'Charcoal', [-0.3 + i * 0.15, top, 0.215], 0.018, 0.016, 0.022, { segments: 20 }),
    );
  }
  return centred(parts);
}

/** Range hood (farmhouse): a cream canopy tapering to its chimney, a pine mantel shelf along the front. */
export function rangeHood(): Part[] {
  return centred([
    box('rim', 'Cream Paint', [-0.5, 0, -0.275], [0.5, 0.08, 0.275]),
    box('mantel shelf', 'Old Pine', [-0.53, 0.08, 0.19], [0.53, 0.12, 0.3]),
    taperedBox('canopy', 'Cream Paint', [0, 0.08, 0], [0.96, 0.53], [0.36, 0.28], 0.4, -0.11),
    box('chimney', 'Cream Paint', [-0.18, 0.48, -0.25], [0.18, 1.1, 0.03]),
  ]);
}

/** Extractor Hood 90cm: a slim steel canopy with a chimney; `chimney` is its height above the canopy. */
export function extractorHood(chimney = 0.64): Part[] {
  return centred([
    box('canopy', 'Brushed Steel', [-0.45, 0, -0.25], [0.45, 0.06, 0.25]),
    box('grease filter', 'Zone Grey', [-0.4, -0.001, -0.2], [0.4, 0.0, 0.2]),
    box('controls', 'Black Glass', [-0.12, 0.015, 0.25], [0.12, 0.045, 0.252]),
    box('chimney', 'Brushed Steel', [-0.14, 0.06, -0.25], [0.14, 0.06 + chimney, 0.0]),
  ]);
}

/** A worktop slab (default 3 m × 0.62 m, 4 cm thick). */
export function worktop(length = 3, finish: Finish = 'Oak Natural', depth = 0.62): Part[] {
  return centred([box('worktop', finish, [-length / 2, 0, -depth / 2], [length / 2, WORKTOP_THICKNESS, depth / 2])]);
}

/** A steel sink bowl sunk into a worktop top at y = 0, with a tap behind it. */
export function sinkTop(): Part[] {
  return [
    box('sink rim', 'Brushed Steel', [-0.36, 0, -0.22], [0.36, 0.004, 0.2]),
    box('sink bowl', 'Brushed Steel', [-0.32, 0.004, -0.18], [0.32, 0.006, 0.16]),
    box('drain', 'Charcoal', [-0.03, 0.006, -0.03], [0.03, 0.007, 0.03]),
    frustum('tap base', 'Brushed Steel', [0, 0, -0.26], 0.025, 0.02, 0.04),
    rod('tap column', 'Brushed Steel', [0, 0.04, -0.26], [0, 0.32, -0.26], 0.014),
    rod('tap spout', 'Brushed Steel', [0, 0.32, -0.26], [0, 0.3, -0.06], 0.011),
  ];
}

/** Sink Unit 80cm: a base cabinet with two doors, its worktop, a steel sink and a tap. */
export function sinkUnit(): Part[] {
  const top = CARCASS_TOP + WORKTOP_THICKNESS;
  return centred([
    ...carcass(0.8),
    ...fronts(doorsAcross(0.8, PLINTH_HEIGHT, CARCASS_TOP), 'Matte White Lacquer'),
    box('worktop', 'Laminate Beige', [-0.4, CARCASS_TOP, CARCASS_BACK], [0.4, top, 0.31]),
    ...moved(sinkTop(), [0, top, 0.02]),
  ]);
}

/** Bar Stool: a round oak seat at 65 cm on four splayed steel legs with a foot rest. */
export function barStool(): Part[] {
  const seat = 0.62;
  const corners: [number, number][] = [
    [1, 1],
    [-1, 1],
    [-1, -1],
    [1, -1],
  ];
  const leg = ([sx, sz]: [number, number], t: number): Vec3 => {
    const spread = 0.2 + (0.12 - 0.2) * t;
    return [sx * spread, seat * t, sz * spread];
  };
  const parts: Part[] = [
    frustum('seat', 'Oak Natural', [0, seat, 0], 0.18, 0.185, 0.035, { segments: 36 }),
    frustum('seat frame', 'Brushed Steel', [0, seat - 0.015, 0], 0.15, 0.15, 0.015, { segments: 36 }),
  ];
  for (const [i, corner] of corners.entries()) {
    parts.push(rod('leg', 'Brushed Steel', leg(corner, 0), leg(corner, 1), 0.012));
    const next = corners[(i + 1) % 4] as [number, number];
    parts.push(rod('foot rest', 'Brushed Steel', leg(corner, 0.45), leg(next, 0.45), 0.009));
  }
  return centred(parts);
}

/** Dining Chair: walnut frame and seat, seat at 47 cm, back to 90 cm. */
export function diningChair(): Part[] {
  const leg = (x: number, z: number, height: number) =>
    box('leg', 'Walnut Oiled', [x - 0.0175, 0, z - 0.0175], [x + 0.0175, height, z + 0.0175]);
  return centred([
    leg(-0.2, 0.2, 0.43),
    leg(0.2, 0.2, 0.43),
    leg(-0.2, -0.2, 0.9),
    leg(0.2, -0.2, 0.9),
    box('seat', 'Walnut Oiled', [-0.225, 0.43, -0.225], [0.225, 0.47, 0.225]),
    box('top rail', 'Walnut Oiled', [-0.2, 0.78, -0.215], [0.2, 0.88, -0.19]),
    box('back slat', 'Walnut Oiled', [-0.12, 0.5, -0.212], [0.12, 0.78, -0.196]),
    box('stretcher', 'Walnut Oiled', [-0.19, 0.15, -0.21], [-0.17, 0.17, 0.21]),
    box('stretcher', 'Walnut Oiled', [0.17, 0.15, -0.21], [0.19, 0.17, 0.21]),
  ]);
}

/** Pendant Lamp: ceiling rose, a 75 cm cord, a brass cone shade 35 cm across, a warm bulb. */
export function pendantLamp(): Part[] {
  return centred([
    frustum('ceiling rose', 'Brass Satin', [0, 0.98, 0], 0.06, 0.06, 0.02, { segments: 28 }),
    rod('cord', 'Charcoal', [0, 0.98, 0], [0, 0.34, 0], 0.003, 8),
    frustum('socket', 'Charcoal', [0, 0.3, 0], 0.02, 0.02, 0.06, { segments: 16 }),
    frustum('shade', 'Brass Satin', [0, 0.1, 0], 0.175, 0.04, 0.26, { segments: 40, caps: false }),
    frustum('shade inside', 'Cream Paint', [0, 0.1015, 0], 0.173, 0.039, 0.257, { segments: 40, caps: false }),
    sphere('bulb', 'Warm Light', [0, 0.19, 0], 0.05, 20),
  ]).map((part) => (part.name === 'shade inside' ? inverted(part) : part));
}

/** Faces turned inside out (the inner wall of a shade, seen from within). */
function inverted(part: Part): Part {
  const indices: number[] = [];
  for (let i = 0; i < part.indices.length; i += 3) {
    indices.push(part.indices[i] as number, part.indices[i + 2] as number, part.indices[i + 1] as number);
  }
  return { ...part, indices, normals: part.normals.map((n) => -n) };
}

/** Display Shelf 120cm: steel side frames and five oak shelves, 1.8 m tall, 32 cm deep. */
export function displayShelf(): Part[] {
  const shelves = [0.08, 0.5, 0.92, 1.34, 1.75].map((y) =>
    box('shelf', 'Oak Natural', [-0.58, y, -0.15], [0.58, y + 0.025, 0.15]),
  );
  const side = (x: number) => box('side frame', 'Brushed Steel', [x - 0.01, 0, -0.16], [x + 0.01, 1.8, 0.16]);
  return centred([
    side(-0.59),
    side(0.59),
    ...shelves,
    box('back rail', 'Brushed Steel', [-0.58, 1.6, -0.16], [0.58, 1.62, -0.15]),
  ]);
}
