type Row = Record<string, unknown>;

/**
 * Rows as answered: `status.finished` → `{status: {finished}}`, dates as ISO text. The key
 * paths are split once per list, not once per row.
 */
export function rowShaper(fields: string[]): (row: Row) => Row {
  const paths = fields.map((key) => ({ key, parts: key.split('.') }));
  if (paths.every(({ parts }) => parts.length === 1)) {
    return (row) => {
      const out: Row = {};
      for (const { key } of paths) {
        const value = row[key];
        out[key] = value instanceof Date ? value.toISOString() : value;
      }
      return out;
    };
  }
  return (row) => {
    const out: Row = {};
    for (const { key, parts } of paths) {
      const value = row[key];
      let target = out;
      for (let i = 0; i < parts.length - 1; i++) {
        const part = parts[i] as string;
        target[part] ??= {};
        target = target[part] as Row;
      }
      target[parts[parts.length - 1] as string] = value instanceof Date ? value.toISOString() : value;
    }
    return out;
  };
}

export function pageLinks(path: string, base: URLSearchParams, current: number, last: number) {
  const url = (page: number) => {
    const params = new URLSearchParams(base);
    params.set('page', String(page));
    return `${path}?${params.toString()}`;
  };
  const pages: (number | null)[] = [];
  if (last <= 10) for (let p = 1; p <= last; p++) pages.push(p);
  else {
    const window = new Set([1, 2, last - 1, last, current - 2, current - 1, current, current + 1, current + 2]);
    let previous = 0;
    for (const p of [...window].filter((p) => p >= 1 && p <= last).sort((a, b) => a - b)) {
      if (p - previous > 1) pages.push(null);
      pages.push(p);
      previous = p;
    }
  }
  return {
    links: [
      { url: current > 1 ? url(current - 1) : null, label: '« Previous', active: false },
      ...pages.map((p) =>
        p === null
          ? { url: null, label: '...', active: false }
          : { url: url(p), label: String(p), active: p === current },
      ),
      { url: current < last ? url(current + 1) : null, label: 'Next »', active: false },
    ],
    first: url(1),
    last: url(last),
    prev: current > 1 ? url(current - 1) : null,
    next: current < last ? url(current + 1) : null,
  };
}
