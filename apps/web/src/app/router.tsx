import { lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { DEFAULT_ROUTE, DO_PATH, hrefFor, ROOT_PATH, routes, type RouteName } from '@/config/paths';
import { GuestLayout } from './layouts/guest-layout';
import { MainLayout } from './layouts/main-layout';
import { RootLayout } from './layouts/root-layout';
import { DoActionRoute } from './routes/do-action';
import { RouteGuard } from './route-guard';

// Pages are split by route so the first load carries only the shell and the page it shows.
const LoginRoute = lazy(() => import('./routes/login').then((m) => ({ default: m.LoginRoute })));
const RegisterRoute = lazy(() =>
  import('./routes/register').then((m) => ({ default: m.RegisterRoute })),
);
const RecoverPasswordRoute = lazy(() =>
  import('./routes/recover-password').then((m) => ({ default: m.RecoverPasswordRoute })),
);
const VerifyEmailRoute = lazy(() =>
  import('./routes/verify-email').then((m) => ({ default: m.VerifyEmailRoute })),
);
const DesignRoute = lazy(() => import('./routes/design').then((m) => ({ default: m.DesignRoute })));
const CartRoute = lazy(() => import('./routes/cart').then((m) => ({ default: m.CartRoute })));
const SharedRoute = lazy(() => import('./routes/shared').then((m) => ({ default: m.SharedRoute })));
const CreditsRoute = lazy(() =>
  import('./routes/credits').then((m) => ({ default: m.CreditsRoute })),
);
const TestCheckoutRoute = lazy(() =>
  import('./routes/test-checkout').then((m) => ({ default: m.TestCheckoutRoute })),
);
const DesignsRoute = lazy(() =>
  import('./routes/designs').then((m) => ({ default: m.DesignsRoute })),
);
const AccountProfileRoute = lazy(() =>
  import('./routes/account-profile').then((m) => ({ default: m.AccountProfileRoute })),
);

/** A named route: its id is its name, its path and access come from the route table. */
function page(name: RouteName, Page: ComponentType): RouteObject {
  const { path, access } = routes[name];
  return {
    id: name,
    path,
    element: (
      <RouteGuard key={name} access={access}>
        <Page />
      </RouteGuard>
    ),
  };
}

const toDefaultRoute = <Navigate to={hrefFor(DEFAULT_ROUTE)} replace />;

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    path: ROOT_PATH,
    element: <RootLayout />,
    children: [
      { index: true, element: toDefaultRoute },
      { path: DO_PATH, element: <DoActionRoute /> },
      {
        id: 'guest-layout',
        element: <GuestLayout />,
        children: [
          page('login', LoginRoute),
          page('register', RegisterRoute),
          page('recover.password', RecoverPasswordRoute),
          page('verify.email', VerifyEmailRoute),
        ],
      },
      {
        id: 'main-layout',
        element: <MainLayout />,
        children: [
          page('design', DesignRoute),
          page('cart', CartRoute),
          page('shared', SharedRoute),
          page('credits', CreditsRoute),
          page('test-checkout', TestCheckoutRoute),
          page('designs', DesignsRoute),
          page('account-profile', AccountProfileRoute),
        ],
      },
      { path: '*', element: toDefaultRoute },
    ],
  },
];
