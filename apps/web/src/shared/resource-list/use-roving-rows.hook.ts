import { useCallback } from 'react';
import { cardStep, clampActive, columnCount, controlMove, isTextField, rowMove } from './roving-rows.logic.ts';

/** A row of a roving list: a table row or a card's list item. */
const ROW_ATTRIBUTE = 'data-row';
const ROW_SELECTOR = `[${ROW_ATTRIBUTE}]`;
/** The tabindex a control had before the list took it out of the Tab order ('' for none). */
const SAVED = 'data-roving-tabindex';
const CONTROLS = 'a[href], button, input, select, textarea, [tabindex]';

function savedOrOwnTabIndex(element: HTMLElement): string | null {
  return element.hasAttribute(SAVED) ? element.getAttribute(SAVED) : element.getAttribute('tabindex');
}

/** The controls of a row a keyboard user can reach, in document order. */
function controlsOf(row: HTMLElement): HTMLElement[] {
  return [...row.querySelectorAll<HTMLElement>(CONTROLS)].filter((element) => {
    if (element.matches(':disabled') || (element instanceof HTMLInputElement && element.type === 'hidden')) {
      return false;
    }
    const own = savedOrOwnTabIndex(element);
    if (own !== null && own !== '' && Number(own) < 0) return false;
    return element.getClientRects().length > 0;
  });
}

function setReachable(element: HTMLElement, reachable: boolean): void {
  if (reachable) {
    if (!element.hasAttribute(SAVED)) return;
    const own = element.getAttribute(SAVED);
    if (own) element.setAttribute('tabindex', own);
    else element.removeAttribute('tabindex');
    element.removeAttribute(SAVED);
    return;
  }
  if (!element.hasAttribute(SAVED)) element.setAttribute(SAVED, element.getAttribute('tabindex') ?? '');
  element.setAttribute('tabindex', '-1');
}

/** Where Up/Down lands in a row: its name link, else its first control (a row without any is skipped). */
function primaryOf(controls: HTMLElement[]): HTMLElement | undefined {
  return controls.find((element) => element.matches('a[href]')) ?? controls[0];
}

/**
 * Makes the rows of a list one Tab stop (issue 31): only the active row's controls are in the
 * Tab order (so Tab goes from its name to its menu and then out of the list); Up/Down, Home/End
 * move to another row (the same column in a table, the card above or below in a grid of cards),
 * Left/Right between a row's controls (and on to the card beside in a grid). The
 * returned ref callback goes on the element holding the rows (`tbody`, the cards' `ul`); rows
 * carry `data-row`. Screen readers still get a plain table of links and buttons.
 */
export function useRovingRows<E extends HTMLElement>(): (container: E | null) => (() => void) | undefined {
  return useCallback((container: E | null) => {
    if (!container) return undefined;
    let active = 0;
    const rowsOf = () => [...container.querySelectorAll<HTMLElement>(ROW_SELECTOR)];
    const apply = () => {
      const rows = rowsOf();
      active = clampActive(active, rows.length);
      rows.forEach((row, index) => {
        const controls = controlsOf(row);
        for (const control of controls) setReachable(control, index === active);
      });
    };
    /** Focuses row `to`: the control in `from`'s column or place, or its first or last control (`at`). */
    const focusRow = (
      rows: HTMLElement[],
      to: number,
      from: HTMLElement,
      fromRow: HTMLElement,
      at?: 'first' | 'last',
    ) => {
      const row = rows[to];
      const controls = row ? controlsOf(row) : [];
      if (!row || controls.length === 0) return;
      active = to;
      apply();
      const cell = from.closest('td, th');
      let target: HTMLElement | undefined;
      if (at) {
        target = at === 'first' ? controls[0] : controls.at(-1);
      } else if (cell instanceof HTMLTableCellElement && row instanceof HTMLTableRowElement) {
        const sameCell = row.cells[cell.cellIndex];
        target = controls.find((control) => sameCell?.contains(control));
      } else {
        target = controls[controlsOf(fromRow).indexOf(from)];
      }
      (target ?? primaryOf(controls))?.focus();
    };
    // Cards side by side, counted on each key press: the grid's columns follow the width.
    const columnsOf = (rows: HTMLElement[]) => columnCount(rows.map((row) => row.getBoundingClientRect().top));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const from = event.target;
      if (!(from instanceof HTMLElement) || isTextField(from)) return;
      const row = from.closest<HTMLElement>(ROW_SELECTOR);
      if (!row || !container.contains(row)) return;
      const rows = rowsOf();
      const index = rows.indexOf(row);
      if (index < 0) return;
      const columns = columnsOf(rows);
      const to = rowMove(event.key, index, rows.length, columns);
      if (to !== null) {
        event.preventDefault();
        if (to !== index) focusRow(rows, to, from, row);
        return;
      }
      const controls = controlsOf(row);
      const step = cardStep(event.key, controls.indexOf(from), controls.length, columns);
      if (step !== null) {
        event.preventDefault();
        const beside = index + step;
        if (beside >= 0 && beside < rows.length) focusRow(rows, beside, from, row, step > 0 ? 'first' : 'last');
        return;
      }
      const next = controlMove(event.key, controls.indexOf(from), controls.length);
      if (next === null) return;
      event.preventDefault();
      controls[next]?.focus();
    };
    const onFocusIn = (event: FocusEvent) => {
      const row = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>(ROW_SELECTOR) : null;
      const index = row ? rowsOf().indexOf(row) : -1;
      if (index < 0 || index === active) return;
      active = index;
      apply();
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(container, { childList: true, subtree: true });
    container.addEventListener('keydown', onKeyDown);
    container.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      container.removeEventListener('keydown', onKeyDown);
      container.removeEventListener('focusin', onFocusIn);
    };
  }, []);
}
