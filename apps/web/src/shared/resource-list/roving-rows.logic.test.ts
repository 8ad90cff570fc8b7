import { describe, expect, it } from 'vitest';
import { clampActive, controlMove, isTextField, rowMove } from './roving-rows.logic.ts';

describe('roving rows', () => {
  it('moves between rows with Up, Down, Home and End, stopping at the ends', () => {
    expect(rowMove('ArrowDown', 0, 5)).toBe(1);
    expect(rowMove('ArrowDown', 4, 5)).toBe(4);
    expect(rowMove('ArrowUp', 3, 5)).toBe(2);
    expect(rowMove('ArrowUp', 0, 5)).toBe(0);
    expect(rowMove('Home', 3, 5)).toBe(0);
    expect(rowMove('End', 1, 5)).toBe(4);
  });

  it('leaves other keys and empty lists alone', () => {
    expect(rowMove('ArrowRight', 0, 5)).toBeNull();
    expect(rowMove('Enter', 0, 5)).toBeNull();
    expect(rowMove('ArrowDown', 0, 0)).toBeNull();
  });

  it('moves between the controls of a row with Left and Right', () => {
    expect(controlMove('ArrowRight', 0, 3)).toBe(1);
    expect(controlMove('ArrowRight', 2, 3)).toBe(2);
    expect(controlMove('ArrowLeft', 1, 3)).toBe(0);
    expect(controlMove('ArrowLeft', 0, 3)).toBe(0);
    // From the row itself (no control focused): its first control.
    expect(controlMove('ArrowRight', -1, 3)).toBe(0);
    expect(controlMove('ArrowDown', 0, 3)).toBeNull();
    expect(controlMove('ArrowRight', 0, 0)).toBeNull();
  });

  it('keeps the active row inside the rows there are', () => {
    expect(clampActive(2, 5)).toBe(2);
    expect(clampActive(7, 5)).toBe(4);
    expect(clampActive(-1, 5)).toBe(0);
    expect(clampActive(3, 0)).toBe(0);
  });

  it('leaves the keys of text fields to them, not those of checkboxes', () => {
    expect(isTextField({ tagName: 'INPUT', type: 'search' })).toBe(true);
    expect(isTextField({ tagName: 'INPUT' })).toBe(true);
    expect(isTextField({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTextField({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTextField({ tagName: 'A' })).toBe(false);
    expect(isTextField({ tagName: 'BUTTON', type: 'button' })).toBe(false);
  });
});
