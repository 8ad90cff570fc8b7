import { useEffect, useMemo, useState } from 'react';
import {
  changeState,
  filtersChanged,
  initialState,
  readListState,
  type StateDefaults,
  writeListState,
} from './list-state.logic.ts';
import type { ListState } from './resource-list.types.ts';

function sessionStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** A list's sort, search, filters, size, view and page, kept per list id in session storage. */
export function useListState(listId: string, defaults: StateDefaults) {
  const [state, setState] = useState<ListState>(() => readListState(sessionStore(), listId, defaults));
  useEffect(() => {
    writeListState(sessionStore(), listId, state);
  }, [listId, state]);
  return useMemo(
    () => ({
      state,
      change: (change: Partial<Omit<ListState, 'page'>>) => setState((current) => changeState(current, change)),
      setPage: (page: number) => setState((current) => ({ ...current, page })),
      setView: (view: ListState['view']) => setState((current) => ({ ...current, view })),
      reset: () => setState((current) => ({ ...initialState(defaults), view: current.view })),
      changed: filtersChanged(state, defaults),
    }),
    [state, defaults],
  );
}
