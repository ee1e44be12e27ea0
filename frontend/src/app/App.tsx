import { BlueprintProvider } from '@blueprintjs/core';
import { RouterProvider } from 'react-router-dom';
import { StoreProvider } from '../lib/store.tsx';
import { router } from './router.tsx';
import type { AppStore } from './store.ts';

export function App({ store }: { store: AppStore }) {
  return (
    <BlueprintProvider>
      <StoreProvider store={store}>
        <RouterProvider router={router} />
      </StoreProvider>
    </BlueprintProvider>
  );
}
