import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SampleModel, sampleModels, sampleUpload } from '#test/sample-models.ts';
import { HAVE_SAMPLES } from '#test/samples.ts';
import { Converter } from '../conversion/converter.ts';
import { decodePicture, type PreviewFigures, previewFigures } from './preview-measure.test-support.ts';
import { PreviewRenderer } from './preview-renderer.ts';

/** The model must fill at least this share of the frame's shorter side (issue 26). */
const MIN_FILL = 0.6;
/** At least this share of the model's pixels must clearly differ from the background. */
const MIN_CONTRAST = 0.8;
/** Untextured scans (STL) must show their form: this spread of lightness (0–255) across the model, at least. */
const MIN_TONAL_RANGE = 60;

interface Measured {
  name: string;
  figures: PreviewFigures | null;
  /** Why there is no preview: the conversion failed (the converter tests own that), or the render did. */
  failure?: string;
}

function row(measured: Measured): string {
  const f = measured.figures;
  if (!f) return `${measured.name.padEnd(64)} no preview: ${measured.failure}`;
  const background = `#${f.background.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  return `${measured.name.padEnd(64)} ${background} coverage ${f.coverage.toFixed(3)} contrast ${f.contrast.toFixed(3)} fill ${f.fill.toFixed(3)} tonal range ${f.tonalRange.toFixed(0)}`;
}

/** Every model of both sample folders, converted by the real Converter and previewed: each preview shows its model. */
describe.skipIf(!HAVE_SAMPLES)('previews of every sample model', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'preview-samples-'));
  const converter = new Converter();
  const renderer = new PreviewRenderer({ renderTimeoutMs: 120_000 });
  const measured: Measured[] = [];

  async function measure(model: SampleModel, index: number): Promise<Measured> {
    const workDir = path.join(dir, `job${index}`);
    mkdirSync(workDir);
    const outputPath = path.join(workDir, 'out.glb');
    try {
      await converter.convert({ ...sampleUpload(model, workDir), workDir, outputPath }, () => undefined);
    } catch (error) {
      return { name: model.name, figures: null, failure: `conversion failed (${(error as Error).message})` };
    }
    const glb = readFileSync(outputPath);
    const picture = await decodePicture(await renderer.renderModel(glb));
    // The same framing on a transparent background: its opaque pixels are the model's silhouette.
    const silhouette = await decodePicture(await renderer.renderModel(glb, { background: null }));
    return { name: model.name, figures: previewFigures(picture, silhouette) };
  }

  beforeAll(async () => {
    await renderer.start();
    const models = sampleModels();
    for (const [index, model] of models.entries()) measured.push(await measure(model, index));
  }, 900_000);

  afterAll(async () => {
    await Promise.all([converter.close(), renderer.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints the figures, and every converted model clearly differs from its background and fills the frame', () => {
    // A model that draws nothing (a conversion defect: collapsed geometry, a material with no opacity) has no
    // silhouette to judge; it is listed, and its own tests hold the converter to it.
    const rendered = measured.filter((m) => (m.figures?.coverage ?? 0) > 0);
    const clear = rendered.filter((m) => (m.figures?.contrast ?? 0) >= MIN_CONTRAST);
    const filled = rendered.filter((m) => (m.figures?.fill ?? 0) >= MIN_FILL);
    console.log(
      [
        ...measured.map(row),
        `previews that draw the model: ${rendered.length} of ${measured.length} sample models`,
        `model clearly differs from the background (≥ ${MIN_CONTRAST * 100} % of its pixels): ${clear.length} of ${rendered.length}`,
        `model fills ≥ ${MIN_FILL * 100} % of the shorter side: ${filled.length} of ${rendered.length}`,
      ].join('\n'),
    );
    expect(rendered.length).toBeGreaterThan(measured.length / 2);
    for (const m of rendered) {
      expect
        .soft(m.figures?.contrast, `${m.name}: share of its pixels that differ from the background`)
        .toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect
        .soft(m.figures?.fill, `${m.name}: its extent against the frame's shorter side`)
        .toBeGreaterThanOrEqual(MIN_FILL);
    }
  });

  it('shows the form of untextured scans with shading', () => {
    const scans = measured.filter((m) => m.name.startsWith('STL/') && m.figures);
    expect(scans.length).toBeGreaterThan(0);
    for (const m of scans) expect.soft(m.figures?.tonalRange, m.name).toBeGreaterThanOrEqual(MIN_TONAL_RANGE);
  });
});
