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
  textures: number;
  bounds: { min: [number, number, number]; max: [number, number, number] } | null;
  inputBytes: number;
  outputBytes: number;
  stepsMs: Partial<Record<ConversionStep, number>>;
  simplified: boolean;
  trianglesBefore: number;
}

export interface ConversionResult {
  figures: ConversionFigures;
  warnings: string[];
}

/** A conversion failure; its message is shown to users as is. */
export class ConversionError extends Error {
  constructor(
    readonly step: ConversionStep,
    message: string,
  ) {
    super(message);
    this.name = 'ConversionError';
  }
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

export const UNREADABLE_MESSAGE = 'The file could not be read: it is damaged or not a supported 3D format';
