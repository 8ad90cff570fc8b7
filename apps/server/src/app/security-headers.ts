import type { FastifyInstance } from 'fastify';

const CSP = [
  "default-src 'self'",
  // WebAssembly compilation only (the viewer's meshopt decoder, decision 0024), never eval of scripts.
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  // blob: for the viewer's GLTFLoader, which reads a GLB's embedded textures through blob: URLs.
  "connect-src 'self' ws: wss: blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** Security headers: CSP without inline scripts, nosniff, frame-ancestors, noindex, HSTS over https. */
export function installSecurityHeaders(app: FastifyInstance, https: boolean): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-robots-tag', 'noindex, nofollow');
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
