import { describe, expect, it } from 'vitest';
import { autodeskCardState, autodeskErrorOf, withoutAutodeskError } from './autodesk-card.logic.ts';

describe('autodesk card logic', () => {
  it('reads the state from the flags', () => {
    expect(autodeskCardState({ autodesk_connected: false, autodesk_scope_outdated: false })).toBe('disconnected');
    expect(autodeskCardState({ autodesk_connected: true, autodesk_scope_outdated: false })).toBe('connected');
    expect(autodeskCardState({ autodesk_connected: true, autodesk_scope_outdated: true })).toBe('outdated');
  });

  it('reads only known failure reasons and removes them', () => {
    expect(autodeskErrorOf(new URLSearchParams('tab=settings&autodesk_error=denied'))).toBe('denied');
    expect(autodeskErrorOf(new URLSearchParams('tab=settings&autodesk_error=<script>'))).toBeNull();
    expect(autodeskErrorOf(new URLSearchParams('tab=settings'))).toBeNull();
    expect(withoutAutodeskError(new URLSearchParams('tab=settings&autodesk_error=state')).toString()).toBe(
      'tab=settings',
    );
  });
});
