import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { NOTHING_YIELDED, nextYield, type YieldState, yieldedColumns } from './column-yield.logic.ts';

export interface ColumnYield {
  /** The list's own box: its width decides, not the viewport's (the navigation may take room or not). */
  wrapRef: RefObject<HTMLDivElement | null>;
  tableRef: RefObject<HTMLTableElement | null>;
  hidden: Set<string>;
  squeezed: boolean;
}

/** Whether the table, or one of its cells, is wider than the room it has. */
function overflows(wrap: HTMLElement, table: HTMLTableElement): boolean {
  if (table.offsetWidth > wrap.clientWidth + 1) return true;
  for (const cell of table.querySelectorAll<HTMLElement>('th, td')) {
    if (cell.scrollWidth > cell.clientWidth + 1) return true;
  }
  return false;
}

/**
 * Hides columns in `order` while the table does not fit its list, measured after each render
 * (before paint), and again from nothing when the list grows wider or `resetKey` (rows,
 * language) changes, so that a wider list gets its columns back.
 */
export function useColumnYield(order: readonly string[], resetKey: unknown): ColumnYield {
  const wrapRef = useRef<HTMLDivElement | null>(null);
  const tableRef = useRef<HTMLTableElement | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  const [state, setState] = useState<YieldState & { key: unknown; width: number | null }>({
    ...NOTHING_YIELDED,
    key: resetKey,
    width,
  });
  let current = state;
  const grew = width !== null && (state.width === null || width > state.width);
  if (state.key !== resetKey || grew) {
    current = { ...NOTHING_YIELDED, key: resetKey, width };
    setState(current);
  } else if (width !== state.width) {
    // Narrower: what is hidden stays hidden, the measure below hides more if needed.
    current = { ...state, width };
    setState(current);
  }

  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    setWidth(Math.round(wrap.clientWidth));
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const next = Math.round(wrap.clientWidth);
      setWidth((previous) => (previous === next ? previous : next));
    });
    observer.observe(wrap);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    const table = tableRef.current;
    if (!wrap || !table || current !== state || !overflows(wrap, table)) return;
    const next = nextYield(current, order.length);
    if (next) setState({ ...current, ...next });
  });

  return { wrapRef, tableRef, hidden: yieldedColumns(order, current.hidden), squeezed: current.squeezed };
}
