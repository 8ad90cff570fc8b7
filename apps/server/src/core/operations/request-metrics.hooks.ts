import type { FastifyInstance } from 'fastify';
import { answers } from './metrics.ts';

/**
 * Counts each answer and its time under the route's pattern (`/v2/projects/:id`), never the URL
 * asked for: a label per URL would be a series per id. Requests no route took count as
 * `unmatched`.
 */
export function installRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    answers.record(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
