import { BlueprintProvider } from '@blueprintjs/core';
import { RouterProvider } from 'react-router-dom';
import { Provider } from 'react-redux';
import { router } from './router.tsx';
import type { AppStore } from './store.ts';

export function App({ store }: { store: AppStore }) {
  return (
    <BlueprintProvider>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </BlueprintProvider>
  );
}
