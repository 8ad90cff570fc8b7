import { type CodedMessage, type PlacementFigure, type SourceMessageCode, sourceMessage } from '@meshport/contract';

export type ConversionStep = 'inspect' | 'convert' | 'optimise';

export interface StepReport {
  step: ConversionStep;
  message: string;
  ms: number;
  warnings: string[];
}

export interface ConversionFigures {
  format: string;
  triangles: number;
  vertices: number;
  points: number;
  meshes: number;
  materials: number;
  /** The output's material names in its order: slot i of the model is material i (decision 0059). */
  materialNames: string[];
  textures: number;
  bounds: { min: [number, number, number]; max: [number, number, number] } | null;
  inputBytes: number;
  outputBytes: number;
  stepsMs: Partial<Record<ConversionStep, number>>;
  simplified: boolean;
  trianglesBefore: number;
  /** Animation keyframes as read and after resampling; null without animations. */
  keyframesBefore: number | null;
  keyframesAfter: number | null;
  /** The Khronos glTF-Validator's counts on the decoded output. */
  validatorErrors: number;
  validatorWarnings: number;
  /** The units and up axis the output was placed by (metres, Y up). */
  placement: PlacementFigure;
}

export interface ConversionResult {
  figures: ConversionFigures;
  warnings: string[];
  /** The light version written beside the output (models over 1 MB, issue 30); null without one. */
  lite?: { path: string; bytes: number; triangles: number; ms: number } | null;
}

/** A conversion failure; its message is shown to users as is, in their language when it has a code. */
export class ConversionError extends Error {
  constructor(
    readonly step: ConversionStep,
    message: string,
    readonly coded: CodedMessage | null = null,
  ) {
    super(message);
    this.name = 'ConversionError';
  }

  /** A failure by message code: its English text, and the code and parameters to store with it. */
  static coded(step: ConversionStep, coded: CodedMessage): ConversionError {
    return new ConversionError(step, sourceMessage(coded.code, coded.params), coded);
  }

  /** A file reader's coded error as the failure of `step`. */
  static of(step: ConversionStep, error: CodedError): ConversionError {
    return new ConversionError(step, error.message, error.coded);
  }
}

/** An error by message code (a file reader's, an image's): its English text, its code and parameters kept. */
export class CodedError extends Error {
  readonly coded: CodedMessage;

  constructor(code: SourceMessageCode, params: Record<string, string | number> = {}) {
    const coded = { code, params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) };
    super(sourceMessage(coded.code, coded.params));
    this.coded = coded;
  }
}

/** A failure of `step` by message code; number parameters are written as strings. */
export function codedFailure(
  step: ConversionStep,
  code: SourceMessageCode,
  params: Record<string, string | number> = {},
): ConversionError {
  return ConversionError.of(step, new CodedError(code, params));
}

export interface ConverterLimits {
  /** Resident memory cap of the converter process, MB. */
  memoryMb: number;
  /** Time limit of one conversion, ms. */
  timeoutMs: number;
  /** CPU niceness of the converter process: it yields to the server's requests (decision 0028). */
  niceness: number;
}

export const DEFAULT_LIMITS: ConverterLimits = { memoryMb: 1024, timeoutMs: 120_000, niceness: 10 };

export const UNREADABLE_MESSAGE = sourceMessage('unreadable', {});
