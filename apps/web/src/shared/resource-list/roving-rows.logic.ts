/**
 * Keyboard moves in a list whose rows are one Tab stop (issue 31): Up/Down go to the previous
 * or next row, Home/End to the first or last, Left/Right between the controls of one row.
 */

/** The row a key moves to from `index` of `count` rows, or null when the key is not a row move. */
export function rowMove(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return Math.min(index + 1, count - 1);
    case 'ArrowUp':
      return Math.max(index - 1, 0);
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
