import { BlueprintProvider } from '@blueprintjs/core';
import { RouterProvider } from 'react-router-dom';
import { Provider } from 'react-redux';
import type { createAppRouter } from './router.tsx';
import type { AppStore } from './store.ts';

export function App({ store, router }: { store: AppStore; router: ReturnType<typeof createAppRouter> }) {
  return (
    <BlueprintProvider>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </BlueprintProvider>
  );
}
