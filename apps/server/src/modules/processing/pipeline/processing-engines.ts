import type { Config } from '#core/config/config.ts';
import { Converter } from '#modules/processing/conversion/converter.ts';
import { PreviewRenderer } from '#modules/processing/preview/preview-renderer.ts';

/**
 * The converter process and the preview browser of a process that works jobs: started on the first
 * run and kept warm between runs (design: CPU-heavy steps run off the event loop, with limits),
 * stopped with the process.
 */
export class ProcessingEngines {
  private converterInstance: Converter | null = null;
  private previewInstance: PreviewRenderer | null = null;

  constructor(private readonly config: Pick<Config, 'converter' | 'chromiumPath'>) {}

  converter = (): Converter => {
    this.converterInstance ??= new Converter(this.config.converter);
    return this.converterInstance;
  };

  previews = (): PreviewRenderer => {
    this.previewInstance ??= new PreviewRenderer({
      chromiumPath: this.config.chromiumPath,
      niceness: this.config.converter.niceness,
    });
    return this.previewInstance;
  };

  /**
   * Starts the browser now, so that the first run does not wait for it (a cold start prepares the
   * studio lighting: seconds of both cores under SwiftShader). Resolves once it is up, or once it
   * failed: a browser that cannot start is reported, and runs then finish without previews, with a
   * warning. The server counts itself ready only after this, so that those seconds are not
   * taken from the first requests (issue 28: ready means ready).
   */
  async warmUp(log: { warn(data: object, message: string): void }): Promise<void> {
    try {
      await this.previews().start();
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'preview renderer not started');
    }
  }

  async close(): Promise<void> {
    const converter = this.converterInstance;
    const previews = this.previewInstance;
    this.converterInstance = null;
    this.previewInstance = null;
    await Promise.all([converter?.close(), previews?.close()]);
  }
}
