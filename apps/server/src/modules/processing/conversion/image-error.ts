import { CodedError } from './conversion-types.ts';

/** An image that cannot be used, by message code (`image…`); shown to users in their language. */
export class ImageError extends CodedError {}
