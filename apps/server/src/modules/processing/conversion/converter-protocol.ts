import type { CodedMessage } from '@meshport/contract';
import type { ConversionResult, ConversionStep, StepReport } from './conversion-types.ts';
import type { PlacementChoice } from './scene-placement.ts';

export interface ConvertInput {
  filePath: string;
  fileName: string;
  workDir: string;
  outputPath: string;
  placement?: PlacementChoice;
}

export type WorkerRequest = { type: 'convert'; id: number; input: ConvertInput };

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'step'; id: number; report: StepReport }
  | { type: 'done'; id: number; result: ConversionResult }
  | { type: 'failed'; id: number; step: ConversionStep; message: string; coded?: CodedMessage | null };
