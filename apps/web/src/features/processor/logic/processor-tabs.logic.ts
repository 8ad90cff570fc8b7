/** content.md §2: the processor's tabs by index; Materials only with list-materials. */
export const PROCESSOR_TABS = ['models', 'items', 'materials'] as const;
export type ProcessorTab = (typeof PROCESSOR_TABS)[number];

/** The tabs a user sees, in their fixed order (their index is their position in PROCESSOR_TABS). */
export function visibleTabs(may: (permission: string) => boolean): ProcessorTab[] {
  return PROCESSOR_TABS.filter((tab) => tab !== 'materials' || may('list-materials'));
}

/** The opening tab: `state.tab` (a number) when that tab is shown, otherwise Models. */
export function tabFromState(state: unknown, visible: readonly ProcessorTab[]): ProcessorTab {
  const index = typeof state === 'object' && state !== null ? (state as { tab?: unknown }).tab : undefined;
  if (typeof index !== 'number' || !Number.isInteger(index)) return 'models';
  const tab = PROCESSOR_TABS[index];
  return tab !== undefined && visible.includes(tab) ? tab : 'models';
}

/** The history state that keeps `tab` across a reload, keeping whatever else the state held. */
export function stateWithTab(state: unknown, tab: ProcessorTab): Record<string, unknown> {
  const base = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  return { ...base, tab: PROCESSOR_TABS.indexOf(tab) };
}
