import { createBrowserRouter, RouterProvider } from 'react-router';
import { useAuthStore } from '@/features/auth/store/auth-store';
import { userQueryKey } from '@/features/auth/api/get-user';
import { setUnauthenticatedHandler } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { loginHrefFor, routeRefOf } from './navigation';
import { Providers } from './providers';
import { appRoutes } from './router';

const router = createBrowserRouter(appRoutes);

// Spec §8: a 401 ends the stored session and replaces the route with login, carrying next and id.
setUnauthenticatedHandler(() => {
  useAuthStore.getState().endSession();
  queryClient.removeQueries({ queryKey: userQueryKey });
  const current = routeRefOf(
    router.state.matches.map(({ route, params }) => ({ id: route.id, params })),
  );
  void router.navigate(loginHrefFor(current), { replace: true });
});

export function App() {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
