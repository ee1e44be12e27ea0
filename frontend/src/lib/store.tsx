/**
 * Redux bindings for React (the allowed packages have no react-redux): a context holding
 * the store, `useAppSelector` on `useSyncExternalStore`, and `useAppDispatch`.
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { Store, UnknownAction } from 'redux';

const StoreContext = createContext<Store | null>(null);

export function StoreProvider({ store, children }: { store: Store; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

function useStore(): Store {
  const store = useContext(StoreContext);
  if (store === null) throw new Error('StoreProvider is missing');
  return store;
}

export function useAppSelector<S, T>(selector: (state: S) => T): T {
  const store = useStore();
  return useSyncExternalStore(store.subscribe, () => selector(store.getState() as S));
}

export function useAppDispatch(): (action: UnknownAction) => void {
  return useStore().dispatch;
}

/** A stable getter of the current state, for reading selectors in event handlers and callbacks. */
export function useStoreState<S>(): () => S {
  const store = useStore();
  return store.getState as () => S;
}
