import { describe, expect, it } from 'vitest';
import { cardStep, clampActive, columnCount, controlMove, isTextField, rowMove } from './roving-rows.logic.ts';

describe('roving rows', () => {
  it('moves between rows with Up, Down, Home and End, stopping at the ends', () => {
    expect(rowMove('ArrowDown', 0, 5)).toBe(1);
    expect(rowMove('ArrowDown', 4, 5)).toBe(4);
    expect(rowMove('ArrowUp', 3, 5)).toBe(2);
    expect(rowMove('ArrowUp', 0, 5)).toBe(0);
    expect(rowMove('Home', 3, 5)).toBe(0);
    expect(rowMove('End', 1, 5)).toBe(4);
  });

  it('moves by visual row in a grid of cards, to the last card when the row below is shorter', () => {
    // 10 cards, 4 to a row: 0-3, 4-7, 8-9.
    expect(rowMove('ArrowDown', 1, 10, 4)).toBe(5);
    expect(rowMove('ArrowDown', 5, 10, 4)).toBe(9);
    expect(rowMove('ArrowDown', 7, 10, 4)).toBe(9);
    expect(rowMove('ArrowDown', 9, 10, 4)).toBe(9);
    expect(rowMove('ArrowDown', 8, 10, 4)).toBe(8);
    expect(rowMove('ArrowUp', 9, 10, 4)).toBe(5);
    expect(rowMove('ArrowUp', 2, 10, 4)).toBe(2);
    expect(rowMove('Home', 6, 10, 4)).toBe(0);
    expect(rowMove('End', 1, 10, 4)).toBe(9);
    // A single row of cards: Up and Down stay.
    expect(rowMove('ArrowDown', 1, 3, 4)).toBe(1);
    expect(rowMove('ArrowUp', 1, 3, 4)).toBe(1);
  });

  it('counts the cards side by side from their top edges', () => {
    expect(columnCount([10, 10, 10.4, 10, 250, 250, 250, 250, 490])).toBe(4);
    expect(columnCount([0, 60, 120])).toBe(1);
    expect(columnCount([5, 5])).toBe(2);
    expect(columnCount([])).toBe(1);
  });

  it('goes on to the card beside past the first or last control of a card in a grid only', () => {
    expect(cardStep('ArrowRight', 2, 3, 4)).toBe(1);
    expect(cardStep('ArrowLeft', 0, 3, 4)).toBe(-1);
    expect(cardStep('ArrowRight', 0, 1, 4)).toBe(1);
    expect(cardStep('ArrowRight', 1, 3, 4)).toBeNull();
    expect(cardStep('ArrowLeft', 1, 3, 4)).toBeNull();
    expect(cardStep('ArrowLeft', -1, 3, 4)).toBeNull();
    expect(cardStep('ArrowDown', 2, 3, 4)).toBeNull();
    // A table or a one-column list keeps Left/Right within the row.
    expect(cardStep('ArrowRight', 2, 3, 1)).toBeNull();
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
