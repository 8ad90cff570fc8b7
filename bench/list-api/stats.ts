export interface Figures {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Throughput and latency percentiles (ms) of one measured run. */
export function summarize(latencies: number[], seconds: number, errors: number): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    requests: sorted.length,
    errors,
    rps: Math.round(sorted.length / seconds),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    mean: round(sorted.length ? sum / sorted.length : Number.NaN),
  };
}
