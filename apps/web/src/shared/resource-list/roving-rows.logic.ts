/**
 * Keyboard moves in a list whose rows are one Tab stop (issue 31): Up/Down go to the previous
 * or next row, Home/End to the first or last, Left/Right between the controls of one row. In a
 * grid of cards a "row" is a card: Up/Down go to the card above or below, and Left/Right go on
 * to the card beside once past the first or last control of a card.
 */

/**
 * How many cards sit side by side: the leading items that share the first one's top (table rows
 * and a one-column list: 1). `tops` are the items' top edges in document order.
 */
export function columnCount(tops: readonly number[]): number {
  const first = tops[0];
  if (first === undefined) return 1;
  const index = tops.findIndex((top) => Math.abs(top - first) > 1);
  return index < 0 ? tops.length : index;
}

/**
 * The item a key moves to from `index` of `count` items laid out `columns` to a row, or null when
 * the key is not a row move. Down from a card with none below it goes to the last card when there
 * is a shorter row below, and stays in the last row.
 */
export function rowMove(key: string, index: number, count: number, columns = 1): number | null {
  if (count === 0) return null;
  const perRow = Math.max(1, columns);
  switch (key) {
    case 'ArrowDown': {
      if (index + perRow < count) return index + perRow;
      const lastRow = Math.floor((count - 1) / perRow);
      return Math.floor(index / perRow) < lastRow ? count - 1 : index;
    }
    case 'ArrowUp':
      return index - perRow >= 0 ? index - perRow : index;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** The control of a row that Left/Right moves to from `index` of `count`, or null. */
export function controlMove(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  if (key === 'ArrowRight') return index < 0 ? 0 : Math.min(index + 1, count - 1);
  if (key === 'ArrowLeft') return index < 0 ? 0 : Math.max(index - 1, 0);
  return null;
}

/**
 * In a grid of cards (`columns` > 1), Left on a card's first control or Right on its last goes to
 * the card before or after it: -1 or 1. Null within a card, from no control (-1), in a table and in
 * a one-column list.
 */
export function cardStep(key: string, control: number, controls: number, columns: number): -1 | 1 | null {
  if (columns <= 1 || control < 0) return null;
  if (key === 'ArrowLeft' && control === 0) return -1;
  if (key === 'ArrowRight' && control >= controls - 1) return 1;
  return null;
}

/** The active row after the rows changed: the same index while it exists, else the last row. */
export function clampActive(active: number, count: number): number {
  if (count === 0) return 0;
  return Math.min(Math.max(active, 0), count - 1);
}

/** A field whose arrow and Home/End keys move a caret or a choice: the list leaves them alone. */
export function isTextField(field: { tagName: string; type?: string }): boolean {
  const tag = field.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag !== 'input') return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes((field.type ?? 'text').toLowerCase());
}
