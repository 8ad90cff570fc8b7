import * as THREE from 'three';

/** The light neutral backdrop of previews and the viewer, behind models that are not light themselves. */
export const DEFAULT_BACKGROUND = '#eceef1';
/** The darker studio tone behind light models (a white scan, a plaster bust) so that they stand out. */
export const DARK_BACKGROUND = '#3b4049';
/**
 * A model whose mean base colour is lighter than this (relative luminance, linear 0–1; sRGB about 0.6, a light
 * grey) goes on the dark backdrop. Either backdrop shows a model near the limit: lit, it renders mid-grey.
 */
export const LIGHT_MODEL_LUMINANCE = 0.3;
/**
 * A light model this colourful (sRGB saturation, 0–1) stands out from the neutral light backdrop by its hue (a yellow
 * duck, an orange part) and stays on it.
 */
export const COLOURFUL_SATURATION = 0.4;

/** A texture's mean colour is read from a copy this small: plenty for a mean, cheap for any size of map. */
const SAMPLE_SIZE = 16;

/** Relative luminance of a linear colour. */
export function luminanceOf(colour: THREE.Color): number {
  return 0.2126 * colour.r + 0.7152 * colour.g + 0.0722 * colour.b;
}

/** The mean colour (linear) of a colour texture's image, or null where it cannot be read here (compressed, no canvas). */
function textureMean(texture: THREE.Texture): THREE.Color | null {
  const image: unknown = texture.image;
  if (typeof OffscreenCanvas === 'undefined' || !image || !(image instanceof Object)) return null;
  const drawable =
    (typeof ImageBitmap !== 'undefined' && image instanceof ImageBitmap) ||
    (typeof HTMLImageElement !== 'undefined' && image instanceof HTMLImageElement) ||
    (typeof HTMLCanvasElement !== 'undefined' && image instanceof HTMLCanvasElement) ||
    image instanceof OffscreenCanvas;
  if (!drawable) return null;
  const context = new OffscreenCanvas(SAMPLE_SIZE, SAMPLE_SIZE).getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  try {
    context.drawImage(image as CanvasImageSource, 0, 0, SAMPLE_SIZE, SAMPLE_SIZE);
    const { data } = context.getImageData(0, 0, SAMPLE_SIZE, SAMPLE_SIZE);
    const sum = new THREE.Color(0, 0, 0);
    const pixel = new THREE.Color();
    for (let i = 0; i < data.length; i += 4) {
      pixel.setRGB((data[i] ?? 0) / 255, (data[i + 1] ?? 0) / 255, (data[i + 2] ?? 0) / 255, THREE.SRGBColorSpace);
      sum.add(pixel);
    }
    return sum.multiplyScalar(1 / (SAMPLE_SIZE * SAMPLE_SIZE));
  } catch {
    return null;
  }
}

/** The mean of a geometry's vertex colours (three keeps them linear), over at most ~1000 vertices. */
function vertexColourMean(geometry: THREE.BufferGeometry): THREE.Color | null {
  const colours = geometry.getAttribute('color');
  if (!colours || colours.count === 0) return null;
  const stride = Math.max(1, Math.floor(colours.count / 1000));
  const sum = new THREE.Color(0, 0, 0);
  let n = 0;
  for (let i = 0; i < colours.count; i += stride, n++) {
    sum.r += colours.getX(i);
    sum.g += colours.getY(i);
    sum.b += colours.getZ(i);
  }
  return sum.multiplyScalar(1 / n);
}

/** How much a node draws: its triangles (or points, or segments), the weight of its colour in the mean. */
function drawnElements(node: THREE.Mesh | THREE.Points | THREE.Line): number {
  const geometry = node.geometry;
  const count = geometry.index?.count ?? geometry.getAttribute('position')?.count ?? 0;
  const instances = node instanceof THREE.InstancedMesh ? node.count : 1;
  return (node instanceof THREE.Mesh ? count / 3 : count) * instances;
}

/** A material's emitted light (linear): its emissive colour times its intensity and its emissive map's mean. */
function emission(
  material: THREE.Material,
  textureMeanOf: (texture: THREE.Texture) => THREE.Color | null,
): THREE.Color {
  if (!('emissive' in material) || !(material.emissive instanceof THREE.Color)) return new THREE.Color(0, 0, 0);
  const intensity =
    'emissiveIntensity' in material && typeof material.emissiveIntensity === 'number' ? material.emissiveIntensity : 1;
  const glow = material.emissive.clone().multiplyScalar(intensity);
  const map = 'emissiveMap' in material && material.emissiveMap instanceof THREE.Texture ? material.emissiveMap : null;
  const mean = map ? textureMeanOf(map) : null;
  return mean ? glow.multiply(mean) : glow;
}

/**
 * The mean colour (linear, 0–1) of what the object draws: each material's base colour times its colour map's
 * mean and its vertex colours' mean, plus what it emits (a glowing part looks light whatever its base colour),
 * weighted by how much each mesh draws. Null for an object that draws nothing.
 */
export function meanSurfaceColour(object: THREE.Object3D): THREE.Color | null {
  const sum = new THREE.Color(0, 0, 0);
  let weight = 0;
  const textureMeans = new Map<THREE.Texture, THREE.Color | null>();
  const textureMeanOf = (texture: THREE.Texture) => {
    if (!textureMeans.has(texture)) textureMeans.set(texture, textureMean(texture));
    return textureMeans.get(texture) ?? null;
  };
  object.traverseVisible((node) => {
    if (!(node instanceof THREE.Mesh || node instanceof THREE.Points || node instanceof THREE.Line)) return;
    const elements = drawnElements(node);
    if (!(elements > 0)) return;
    const materials = ([] as THREE.Material[]).concat(node.material);
    for (const material of materials) {
      const base = 'color' in material && material.color instanceof THREE.Color ? material.color.clone() : null;
      if (!base) continue;
      const map = 'map' in material && material.map instanceof THREE.Texture ? material.map : null;
      const mapMean = map ? textureMeanOf(map) : null;
      if (mapMean) base.multiply(mapMean);
      if (material.vertexColors) {
        const mean = vertexColourMean(node.geometry);
        if (mean) base.multiply(mean);
      }
      base.add(emission(material, textureMeanOf));
      base.setRGB(Math.min(base.r, 1), Math.min(base.g, 1), Math.min(base.b, 1));
      const share = elements / materials.length;
      sum.add(base.multiplyScalar(share));
      weight += share;
    }
  });
  return weight > 0 ? sum.multiplyScalar(1 / weight) : null;
}

/** Saturation (0–1) of a linear colour as it is shown (sRGB). */
function saturationOf(colour: THREE.Color): number {
  const { r, g, b } = colour.clone().convertLinearToSRGB();
  const max = Math.max(r, g, b);
  return max > 0 ? (max - Math.min(r, g, b)) / max : 0;
}

/**
 * The backdrop that contrasts with the object: the dark studio tone behind a light, near-neutral model (white, cream,
 * light grey), the light one otherwise.
 */
export function contrastingBackground(object: THREE.Object3D): string {
  const mean = meanSurfaceColour(object);
  const light = mean !== null && luminanceOf(mean) > LIGHT_MODEL_LUMINANCE && saturationOf(mean) < COLOURFUL_SATURATION;
  return light ? DARK_BACKGROUND : DEFAULT_BACKGROUND;
}
