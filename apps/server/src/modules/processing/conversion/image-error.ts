/** An image that cannot be used; the message is shown to users as is. */
export class ImageError extends Error {}
