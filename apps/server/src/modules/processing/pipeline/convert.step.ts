import path from 'node:path';
import { type CodedText, codedText, type ProcessingStep } from '@meshport/contract';
import type { ConversionResult, StepReport } from '#modules/processing/conversion/conversion-types.ts';
import type { Converter } from '#modules/processing/conversion/converter.ts';
import type { PlacementChoice } from '#modules/processing/conversion/scene-placement.ts';

/** The event message of a converter step: what it did, how long it took, and its warnings. */
export function stepMessage(report: StepReport): CodedText {
  return codedText('stepReport', {
    text: report.message.replace(/\.$/, ''),
    durationMs: String(report.ms),
    warnings: report.warnings.map((warning) => warning.replace(/\.$/, '')).join('\n'),
  });
}

/**
 * inspect → convert → optimise, in the contained converter process. Each step's report is
 * handed to `onStep` as it ends, with the time it took (the caller writes the event).
 */
export async function convertStep(
  converter: Converter,
  input: { localPath: string; fileName: string; workDir: string; placement?: PlacementChoice },
  onStep: (step: ProcessingStep, message: CodedText, ms: number) => void,
  signal: AbortSignal,
): Promise<{ glbPath: string; result: ConversionResult }> {
  const glbPath = path.join(input.workDir, 'model.glb');
  const result = await converter.convert(
    {
      filePath: input.localPath,
      fileName: input.fileName,
      workDir: path.join(input.workDir, 'work'),
      outputPath: glbPath,
      placement: input.placement,
    },
    (report) => onStep(report.step, stepMessage(report), report.ms),
    signal,
  );
  return { glbPath, result };
}
