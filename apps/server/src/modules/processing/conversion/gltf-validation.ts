import type { Document } from '@gltf-transform/core';
import validator from 'gltf-validator';
import { gltfIO } from './gltf-io.ts';

export interface Validation {
  errors: number;
  warnings: number;
  /** The validator's first error, as a sentence: `<message> (<code> at <pointer>)`. */
  firstError: string | null;
}

/**
 * The GLB of a decoded document with plain buffers: the validator cannot look inside meshopt-compressed ones
 * (it would pass them unread). Consumes `decoded`'s EXT_meshopt_compression.
 */
export async function plainGlb(decoded: Document): Promise<Uint8Array> {
  decoded.disposeExtension('EXT_meshopt_compression');
  return (await gltfIO()).writeBinary(decoded);
}

/** The Khronos glTF-Validator's counts for a GLB, and its first error. */
export async function validateGlb(glb: Uint8Array): Promise<Validation> {
  const report = await validator.validateBytes(glb, { format: 'glb', maxIssues: 0, writeTimestamp: false });
  const { numErrors, numWarnings, messages } = report.issues;
  const first = messages.find((m) => m.severity === 0);
  const where = first?.pointer ? ` at ${first.pointer}` : '';
  return {
    errors: numErrors,
    warnings: numWarnings,
    firstError: first ? `${first.message.replace(/\.$/, '')} (${first.code}${where})` : null,
  };
}
