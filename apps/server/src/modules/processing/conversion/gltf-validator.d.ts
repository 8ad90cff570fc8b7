/** The parts of the Khronos glTF-Validator's npm package (compiled from Dart, untyped) used here. */
declare module 'gltf-validator' {
  export interface ValidationMessage {
    code: string;
    message: string;
    /** 0 error, 1 warning, 2 information, 3 hint. */
    severity: number;
    pointer?: string;
  }
  export interface ValidationReport {
    issues: {
      numErrors: number;
      numWarnings: number;
      numInfos: number;
      numHints: number;
      messages: ValidationMessage[];
    };
  }
  export interface ValidationOptions {
    uri?: string;
    format?: 'glb' | 'gltf';
    maxIssues?: number;
    ignoredIssues?: string[];
    writeTimestamp?: boolean;
  }
  /** The package is CommonJS: its functions come as the default export. */
  const validator: {
    validateBytes(data: Uint8Array, options?: ValidationOptions): Promise<ValidationReport>;
    version(): string;
  };
  export default validator;
}
