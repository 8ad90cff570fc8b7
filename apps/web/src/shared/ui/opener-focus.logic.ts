/**
 * Focus that returns to what opened a dialog (issue 31). Mantine's modal gives the focus back to
 * the element that had it when the dialog opened; for a dialog opened from a menu entry that
 * entry is gone by then and the focus falls to the top of the page. Here a menu entry stands for
 * its menu's button, and a button the list has drawn anew is found again by its label.
 */

/** What a dialog remembers of its opener. */
export interface Opener {
  element: HTMLElement;
  /** Its accessible name, to find it again when the list has drawn the row anew. */
  label: string | null;
  /** The row or card it sits in: the fallback when the button itself is gone. */
  row: HTMLElement | null;
}

const ROW_SELECTOR = 'tr, [role="row"], [role="listitem"], li, article';
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The opener of a dialog opening now, from the element that has the focus. */
export function openerOf(active: Element | null, doc: Document = document): Opener | null {
  if (!(active instanceof HTMLElement) || active === doc.body) return null;
  let element: HTMLElement | null = active;
  const menu = active.closest('[role="menu"]');
  if (menu) {
    const labelledBy = menu.getAttribute('aria-labelledby');
    const byLabel = labelledBy ? doc.getElementById(labelledBy) : null;
    const byControls = menu.id ? doc.querySelector(`[aria-controls="${cssEscape(menu.id)}"]`) : null;
    const trigger = byLabel ?? byControls;
    element = trigger instanceof HTMLElement ? trigger : null;
  }
  if (element === null) return null;
  return { element, label: element.getAttribute('aria-label'), row: element.closest<HTMLElement>(ROW_SELECTOR) };
}

/**
 * Where the focus goes when the dialog has closed: the opener while it is on the page, else a
 * button of the same name (the row drawn anew), else the first control of its row; null when
 * all are gone (the row was deleted).
 */
export function returnTarget(opener: Opener, doc: Document = document): HTMLElement | null {
  if (opener.element.isConnected) return opener.element;
  if (opener.label) {
    const again = doc.querySelector<HTMLElement>(`[aria-label="${cssEscape(opener.label)}"]`);
    if (again) return again;
  }
  if (opener.row?.isConnected) return opener.row.querySelector<HTMLElement>(FOCUSABLE);
  return null;
}

/** Whether the focus is lost (on the page's body, or still in a closing dialog) and may be moved. */
export function focusIsLost(active: Element | null, doc: Document = document): boolean {
  return active === null || active === doc.body || !active.isConnected || active.closest('[role="dialog"]') !== null;
}

function cssEscape(value: string): string {
  return typeof CSS !== 'undefined' && typeof CSS.escape === 'function'
    ? CSS.escape(value)
    : value.replace(/["\\]/g, '\\$&');
}
