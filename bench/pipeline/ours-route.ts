import fs from 'node:fs';
import {
  type ConversionFigures,
  type ConversionStep,
  Converter,
  type ConverterLimits,
} from '../../apps/server/src/modules/processing/conversion/converter.ts';
import { PreviewRenderer } from '../../apps/server/src/modules/processing/preview/preview-renderer.ts';
import { descendants, watchMemory } from './proc-memory.ts';

export interface OursRun {
  ok: boolean;
  ms: number;
  stepsMs: Partial<Record<ConversionStep, number>>;
  /** Peak memory of the processes below the bench (the converter's child), MiB, measured by the bench. */
  peakMb: number;
  /** The Converter's own figure (its watchdog's 50 ms RSS polls), MiB. */
  converterPeakRssMb: number;
  figures: ConversionFigures | null;
  warnings: string[];
  error?: string;
  output: string | null;
}

export class OursRoute {
  private readonly converter: Converter;

  constructor(limits?: Partial<ConverterLimits>) {
    this.converter = new Converter(limits);
  }

  /** Convert one upload (a model file or a zip bundle) to `outputPath`. */
  async convert(filePath: string, fileName: string, workDir: string, outputPath: string): Promise<OursRun> {
    fs.mkdirSync(workDir, { recursive: true });
    const stepsMs: Partial<Record<ConversionStep, number>> = {};
    const warnings: string[] = [];
    const watch = watchMemory(() => descendants(process.pid));
    const started = performance.now();
    try {
      const result = await this.converter.convert({ filePath, fileName, workDir, outputPath }, (report) => {
        stepsMs[report.step] = (stepsMs[report.step] ?? 0) + report.ms;
        warnings.push(...report.warnings);
      });
      const ms = performance.now() - started;
      const memory = watch.stop();
      return {
        ok: true,
        ms,
        stepsMs: Object.keys(stepsMs).length ? stepsMs : result.figures.stepsMs,
        peakMb: memory.peakMb,
        converterPeakRssMb: this.converter.peakRssMb,
        figures: result.figures,
        warnings: [...new Set([...warnings, ...result.warnings])],
        output: outputPath,
      };
    } catch (error) {
      const ms = performance.now() - started;
      const memory = watch.stop();
      return {
        ok: false,
        ms,
        stepsMs,
        peakMb: memory.peakMb,
        converterPeakRssMb: this.converter.peakRssMb,
        figures: null,
        warnings,
        error: error instanceof Error ? error.message : String(error),
        output: null,
      };
    }
  }

  async close(): Promise<void> {
    await this.converter.close();
  }
}

export interface PreviewRun {
  ok: boolean;
  ms: number;
  peakMb: number;
  bytes: number;
  error?: string;
}

export class PreviewRoute {
  private constructor(private readonly renderer: PreviewRenderer) {}

  static async open(): Promise<{ route: PreviewRoute; startMs: number }> {
    const renderer = new PreviewRenderer();
    const started = performance.now();
    await renderer.start();
    return { route: new PreviewRoute(renderer), startMs: performance.now() - started };
  }

  async render(glb: string): Promise<PreviewRun> {
    const data = fs.readFileSync(glb);
    const watch = watchMemory(() => descendants(process.pid));
    const started = performance.now();
    try {
      const image = await this.renderer.renderModel(data);
      return { ok: true, ms: performance.now() - started, peakMb: watch.stop().peakMb, bytes: image.length };
    } catch (error) {
      return {
        ok: false,
        ms: performance.now() - started,
        peakMb: watch.stop().peakMb,
        bytes: 0,
        error: error instanceof Error ? error.message : String(error),
      };
    }
  }

  async close(): Promise<void> {
    await this.renderer.close();
  }
}
