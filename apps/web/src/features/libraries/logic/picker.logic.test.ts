import { describe, expect, it } from 'vitest';
import { pickerData } from './picker.logic.ts';

describe('pickerData', () => {
  it('keeps chosen records first, each once, and leaves out the excluded', () => {
    const found = [
      { id: 1, name: 'Ovens' },
      { id: 2, name: 'Cooktops' },
      { id: 3, name: 'Self' },
    ];
    expect(
      pickerData(
        found,
        [
          { id: 2, name: 'Cooktops' },
          { id: 9, name: 'Elsewhere' },
        ],
        new Set([3]),
      ),
    ).toEqual([
      { value: 2, label: 'Cooktops' },
      { value: 9, label: 'Elsewhere' },
      { value: 1, label: 'Ovens' },
    ]);
  });
});
