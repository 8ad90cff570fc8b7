import { box, moved, type Part, prefixed, rod, turned } from './demo-geometry.ts';
import type { PaletteName } from './demo-palette.ts';
import {
  barStool,
  baseCabinet,
  builtInOven,
  CARCASS_TOP,
  centred,
  drawerUnit,
  extractorHood,
  gasHob,
  inductionHob,
  PLINTH_HEIGHT,
  sinkTop,
  WORKTOP_THICKNESS,
  wallCabinet,
} from './demo-pieces.ts';

/** Composed kitchen layouts made of the single pieces; origin at the floor centre, fronts facing +Z. */

type Finish = PaletteName;
type Unit = { width: number; parts: Part[] };

const unit = (parts: Part[], width: number): Unit => ({ width, parts });
const TOP = CARCASS_TOP + WORKTOP_THICKNESS;

/** Units side by side along X, centred, their backs at the same Z. */
function run(units: Unit[]): Part[] {
  const total = units.reduce((sum, u) => sum + u.width, 0);
  let x = -total / 2;
  const parts: Part[] = [];
  for (const [i, u] of units.entries()) {
    // The pieces are centred on their own bounds; a handle reaches past the fronts, so the backs are aligned here.
    const back = Math.min(...u.parts.flatMap((p) => p.positions.filter((_, k) => k % 3 === 2)));
    parts.push(...prefixed(moved(u.parts, [x + u.width / 2, 0, -0.29 - back]), `unit ${i + 1}`));
    x += u.width;
  }
  return parts;
}

/** A base cabinet with a built-in oven under the worktop and a small drawer below it. */
function ovenBase(finish: Finish): Part[] {
  const oven = moved(builtInOven(), [0, 0.27, 0.0]);
  const back = Math.min(...oven.flatMap((p) => p.positions.filter((_, k) => k % 3 === 2)));
  return centred([
    box('carcass', 'Matte White Lacquer', [-0.3, PLINTH_HEIGHT, -0.29], [0.3, CARCASS_TOP, 0.27]),
    box('plinth', 'Charcoal', [-0.295, 0, -0.24], [0.295, PLINTH_HEIGHT, 0.22]),
    box('drawer', finish, [-0.2985, 0.1535, 0.27], [0.2985, 0.2665, 0.289]),
    ...moved(oven, [0, 0, -0.29 - back + 0.002]),
  ]);
}

/** Island with Breakfast Bar: four base units, an oak back panel, a marble top overhanging 30 cm, three stools. */
export function island(options: { stools?: boolean; fronts?: Finish; top?: Finish } = {}): Part[] {
  const { stools = true, fronts = 'Oak Natural', top = 'Carrara Marble' } = options;
  const cabinets = run([
    unit(drawerUnit(0.6, fronts), 0.6),
    unit(ovenBase(fronts), 0.6),
    unit(baseCabinet(0.6, fronts), 0.6),
    unit(drawerUnit(0.6, fronts), 0.6),
  ]);
  const parts = [
    ...cabinets,
    box('back panel', fronts, [-1.2, 0, -0.31], [1.2, CARCASS_TOP, -0.29]),
    box('worktop', top, [-1.35, CARCASS_TOP, stools ? -0.61 : -0.33], [1.35, TOP, 0.31]),
  ];
  if (stools) {
    for (const x of [-0.8, 0, 0.8]) parts.push(...prefixed(moved(barStool(), [x, 0, -0.82]), 'stool'));
  }
  return centred(parts);
}

/** Loft Galley Layout: a sink run and a cooking run facing each other across a 1.2 m aisle. */
export function galley(): Part[] {
  const sinkRun = [
    ...run([
      unit(baseCabinet(0.6, 'Oak Smoked'), 0.6),
      unit(baseCabinet(0.8, 'Oak Smoked'), 0.8),
      unit(drawerUnit(0.6, 'Oak Smoked'), 0.6),
      unit(baseCabinet(0.6, 'Oak Smoked'), 0.6),
    ]),
    box('worktop', 'Oak Natural', [-1.3, CARCASS_TOP, -0.31], [1.3, TOP, 0.31]),
    ...moved(sinkTop(), [-0.3, TOP, 0.03]),
  ];
  const cookRun = [
    ...run([
      unit(drawerUnit(0.6, 'Oak Smoked'), 0.6),
      unit(drawerUnit(0.8, 'Oak Smoked'), 0.8),
      unit(baseCabinet(0.6, 'Oak Smoked'), 0.6),
      unit(baseCabinet(0.6, 'Oak Smoked'), 0.6),
    ]),
    box('worktop', 'Oak Natural', [-1.3, CARCASS_TOP, -0.31], [1.3, TOP, 0.31]),
    ...moved(inductionHob(), [-0.3, TOP - 0.05, 0]),
  ];
  return centred([
    ...prefixed(moved(turned(sinkRun, Math.PI), [0, 0, 0.91]), 'sink run'),
    ...prefixed(moved(cookRun, [0, 0, -0.91]), 'cooking run'),
  ]);
}

/** Showroom Display A: a 3 m base run with a gas hob, a marble top, wall cabinets, an extractor hood, a back wall. */
export function showroomDisplay(): Part[] {
  const wallUnit = (x: number) => moved(wallCabinet(0.5, 'Matte White Lacquer'), [x, 1.45, -0.29 + 0.175 + 0.0]);
  return centred([
    box('back wall', 'Wall Plaster', [-1.6, 0, -0.34], [1.6, 2.4, -0.29]),
    ...run([
      unit(drawerUnit(0.6, 'Matte White Lacquer'), 0.6),
      unit(baseCabinet(0.6, 'Matte White Lacquer'), 0.6),
      unit(drawerUnit(0.6, 'Matte White Lacquer'), 0.6),
      unit(baseCabinet(0.6, 'Matte White Lacquer'), 0.6),
      unit(drawerUnit(0.6, 'Matte White Lacquer'), 0.6),
    ]),
    box('worktop', 'Carrara Marble', [-1.5, CARCASS_TOP, -0.31], [1.5, TOP, 0.31]),
    ...moved(gasHob(), [0, TOP - 0.04, 0]),
    ...prefixed(wallUnit(-1.2), 'wall unit 1'),
    ...prefixed(wallUnit(-0.7), 'wall unit 2'),
    ...prefixed(wallUnit(0.7), 'wall unit 3'),
    ...prefixed(wallUnit(1.2), 'wall unit 4'),
    ...prefixed(moved(extractorHood(2.4 - 1.55 - 0.06), [0, 1.55, -0.29 + 0.25]), 'hood'),
  ]);
}

/** Tall Cabinet Wall: three 2.1 m tall units, the middle one housing a built-in oven at eye height. */
export function tallCabinetWall(finish: Finish = 'Walnut Oiled'): Part[] {
  const tall = (withOven: boolean): Part[] => {
    const parts: Part[] = [
      box('carcass', 'Matte White Lacquer', [-0.3, PLINTH_HEIGHT, -0.29], [0.3, 2.1, 0.27]),
      box('plinth', 'Charcoal', [-0.295, 0, -0.24], [0.295, PLINTH_HEIGHT, 0.22]),
    ];
    const door = (name: string, bottom: number, top: number) =>
      box(name, finish, [-0.2985, bottom + 0.0015, 0.27], [0.2985, top - 0.0015, 0.289]);
    const handle = (y: number) => [
      rod('handle bar', 'Brushed Steel', [0.25, y - 0.1, 0.313], [0.25, y + 0.1, 0.313], 0.006, 14),
      rod('handle post', 'Brushed Steel', [0.25, y - 0.08, 0.289], [0.25, y - 0.08, 0.307], 0.0045, 10),
      rod('handle post', 'Brushed Steel', [0.25, y + 0.08, 0.289], [0.25, y + 0.08, 0.307], 0.0045, 10),
    ];
    if (withOven) {
      const oven = builtInOven();
      const back = Math.min(...oven.flatMap((p) => p.positions.filter((_, k) => k % 3 === 2)));
      parts.push(door('lower door', PLINTH_HEIGHT, 0.87), ...handle(0.75));
      parts.push(...prefixed(moved(oven, [0, 0.875, -0.29 - back + 0.002]), 'oven'));
      parts.push(door('upper door', 1.475, 2.1), ...handle(1.6));
    } else {
      parts.push(door('lower door', PLINTH_HEIGHT, 1.25), ...handle(1.05));
      parts.push(door('upper door', 1.25, 2.1), ...handle(1.4));
    }
    return parts;
  };
  return centred([
    ...prefixed(moved(tall(false), [-0.6, 0, 0]), 'left'),
    ...prefixed(tall(true), 'middle'),
    ...prefixed(moved(tall(false), [0.6, 0, 0]), 'right'),
  ]);
}

/** Corner Pantry Unit: an L of 2.1 m tall cupboards, 1.2 m along each wall, doors on the inside of the L. */
export function cornerPantry(finish: Finish = 'Oak Smoked'): Part[] {
  const height = 2.1;
  const parts: Part[] = [
    box('carcass back run', 'Matte White Lacquer', [-0.6, PLINTH_HEIGHT, -0.6], [0.6, height, -0.02]),
    box('carcass side run', 'Matte White Lacquer', [-0.6, PLINTH_HEIGHT, -0.02], [-0.02, height, 0.6]),
    box('plinth back run', 'Charcoal', [-0.55, 0, -0.55], [0.55, PLINTH_HEIGHT, -0.07]),
    box('plinth side run', 'Charcoal', [-0.55, 0, -0.07], [-0.07, PLINTH_HEIGHT, 0.55]),
  ];
  for (const [i, x] of [0, 0.3].entries()) {
    parts.push(
      box(
        `back door ${i + 1}`,
        finish,
        [x + 0.0015, PLINTH_HEIGHT + 0.0015, -0.02],
        [x + 0.2985, height - 0.0015, -0.001],
      ),
    );
    parts.push(rod('handle bar', 'Brushed Steel', [x + 0.05, 0.95, 0.023], [x + 0.05, 1.15, 0.023], 0.006, 14));
  }
  for (const [i, z] of [0, 0.3].entries()) {
    parts.push(
      box(
        `side door ${i + 1}`,
        finish,
        [-0.02, PLINTH_HEIGHT + 0.0015, z + 0.0015],
        [-0.001, height - 0.0015, z + 0.2985],
      ),
    );
    parts.push(rod('handle bar', 'Brushed Steel', [0.023, 0.95, z + 0.25], [0.023, 1.15, z + 0.25], 0.006, 14));
  }
  return centred(parts);
}

/** Bistro Service Counter: walnut-fronted counter 2.4 m long at 1.05 m, Nero Marquina top, a glass shelf on posts. */
export function serviceCounter(): Part[] {
  const parts: Part[] = [
    box('kick', 'Charcoal', [-1.18, 0, -0.33], [1.18, 0.1, 0.33]),
    box('body', 'Walnut Oiled', [-1.2, 0.1, -0.35], [1.2, 1.01, 0.35]),
    box('top', 'Nero Marquina', [-1.25, 1.01, -0.4], [1.25, 1.05, 0.4]),
    box('glass shelf', 'Smoked Glass', [-1.1, 1.43, -0.05], [1.1, 1.444, 0.25]),
  ];
  for (const x of [-1.05, -0.35, 0.35, 1.05]) {
    parts.push(rod('shelf post', 'Brushed Steel', [x, 1.05, 0.1], [x, 1.43, 0.1], 0.01));
  }
  for (const x of [-0.9, -0.3, 0.3, 0.9]) {
    parts.push(box('front panel', 'Walnut Oiled', [x - 0.28, 0.15, 0.35], [x + 0.28, 0.96, 0.365]));
  }
  return centred(parts);
}

/** Flagship Counter (Globex): an oak-slatted counter 2 m long with a Carrara top. */
export function flagshipCounter(): Part[] {
  const parts: Part[] = [
    box('body', 'Matte White Lacquer', [-1, 0, -0.3], [1, 0.96, 0.3]),
    box('top', 'Carrara Marble', [-1.03, 0.96, -0.33], [1.03, 1.0, 0.33]),
  ];
  for (let i = 0; i < 20; i++) {
    const x = -0.975 + i * 0.1025;
    parts.push(box('slat', 'Oak Natural', [x - 0.03, 0.02, 0.3], [x + 0.03, 0.94, 0.34]));
  }
  return centred(parts);
}

/** Outdoor Grill Station: steel cabinets, a Nero Marquina top, a grill with its lid in the middle. */
export function grillStation(): Part[] {
  const doors = [-0.675, -0.225, 0.225, 0.675].map((x) =>
    box('door', 'Brushed Steel', [x - 0.22, 0.12, 0.32], [x + 0.22, 0.82, 0.338]),
  );
  return centred([
    box('body', 'Brushed Steel', [-0.9, 0.1, -0.32], [0.9, 0.85, 0.32]),
    box('kick', 'Charcoal', [-0.88, 0, -0.3], [0.88, 0.1, 0.3]),
    ...doors,
    box('top', 'Nero Marquina', [-0.92, 0.85, -0.34], [0.92, 0.89, 0.34]),
    box('grill body', 'Brushed Steel', [-0.4, 0.89, -0.25], [0.4, 0.99, 0.25]),
    box('grill lid', 'Brushed Steel', [-0.4, 0.99, -0.25], [0.4, 1.2, 0.2]),
    rod('lid handle', 'Brushed Steel', [-0.3, 1.12, 0.25], [0.3, 1.12, 0.25], 0.01),
    rod('handle post', 'Brushed Steel', [-0.28, 1.12, 0.2], [-0.28, 1.12, 0.245], 0.007),
    rod('handle post', 'Brushed Steel', [0.28, 1.12, 0.2], [0.28, 1.12, 0.245], 0.007),
  ]);
}
