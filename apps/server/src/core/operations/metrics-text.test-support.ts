/** One sample of a Prometheus text answer. */
export interface MetricLine {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text answer (comments left out). */
export function parseMetrics(text: string): MetricLine[] {
  const lines: MetricLine[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const label of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[label[1] as string] = (label[2] as string).replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    lines.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return lines;
}

/** The value of the sample `name` whose labels include `labels`; undefined when there is none. */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  return parseMetrics(text).find(
    (line) => line.name === name && Object.entries(labels).every(([key, value]) => line.labels[key] === value),
  )?.value;
}
