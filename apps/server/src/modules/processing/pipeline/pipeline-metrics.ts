import { Counter, Histogram } from 'prom-client';
import { metricsRegistry } from '#core/operations/metrics.ts';

/** How long each step of a run took (store, inspect, convert, optimise, preview, finish), steps that succeeded. */
export const pipelineStepDuration = new Histogram({
  name: 'meshport_pipeline_step_duration_seconds',
  help: 'Time each processing step took, by step (steps that succeeded).',
  labelNames: ['step'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
  registers: [metricsRegistry],
});

/** `reason`: `file` when the converter refused the file (the uploader is told why), `error` for anything else. */
export const pipelineStepFailures = new Counter({
  name: 'meshport_pipeline_step_failures_total',
  help: 'Processing runs that failed, by the step that failed and reason (file: the file was refused; error: anything else, retried).',
  labelNames: ['step', 'reason'] as const,
  registers: [metricsRegistry],
});
