import { describe, expect, it } from 'vitest';
import { isContextMenuKey } from './row-context-menu.component.tsx';

describe('context menu keys', () => {
  it('opens on the ContextMenu key and Shift+F10 only', () => {
    expect(isContextMenuKey({ key: 'ContextMenu', shiftKey: false })).toBe(true);
    expect(isContextMenuKey({ key: 'F10', shiftKey: true })).toBe(true);
    expect(isContextMenuKey({ key: 'F10', shiftKey: false })).toBe(false);
    expect(isContextMenuKey({ key: 'Enter', shiftKey: true })).toBe(false);
  });
});
