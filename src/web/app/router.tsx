import { type ComponentType, isValidElement, lazy, useState } from 'react';
import { matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { SANDBOX_CHECKOUT_ROUTE } from '#domain/sandbox-checkout-route.ts';
import { preloadRecordScreen } from './record-screen-chunk.ts';
import { AdminOnly } from './routes/admin-only.tsx';
import { NotFound } from './routes/not-found.tsx';
import { AppShell } from './shell/app-shell.tsx';

/** A screen in its own chunk: how to load it, and the screen once loaded. */
interface LazyScreenEntry {
  preload(): Promise<ComponentType>;
  loaded?: ComponentType;
  whileLoading: ComponentType;
}

/**
 * Shows a lazily loaded screen. Once its chunk is in (start-up preloads the first route's, see
 * main.tsx), the screen renders at once, without React.lazy's suspense: React holds a revealed
 * fallback for about 300 ms before swapping content in (issue 15 §2). Chosen once per mount, so a
 * screen never remounts when its chunk arrives later.
 */
function LazyScreen({ screen }: { screen: LazyScreenEntry }) {
  const [Screen] = useState(() => screen.loaded ?? screen.whileLoading);
  return <Screen />;
}

/**
 * A screen in its own chunk, loaded when its route is first visited (DESIGN §2: admin, form builder
 * and Word export stay out of the main bundle). React.lazy inside the shell's <Suspense> rather than
 * route-object `lazy` (a data-router feature we do not use, decision 050), so the header and footer
 * stay on screen while a chunk loads, even on a first visit straight to that route.
 */
let lazyScreenCount = 0;

function lazyScreen<TModule>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ComponentType,
  { queries = true }: { queries?: boolean } = {},
) {
  let loading: Promise<ComponentType> | undefined;
  const screen: LazyScreenEntry = {
    preload() {
      // The screen comes wrapped in the query client's provider (with-queries.tsx), loaded beside it.
      loading ??= Promise.all([load(), queries ? import('./with-queries.tsx') : undefined]).then(
        ([module, withQueries]) => {
          screen.loaded = withQueries ? withQueries.withQueries(pick(module)) : pick(module);
          return screen.loaded;
        },
      );
      return loading;
    },
    whileLoading: lazy(async () => ({ default: await screen.preload() })),
  };
  // A key of its own: two routes' screens are both a LazyScreen at the same place in the tree, and
  // without it React would keep the first one's chosen screen when the route changes.
  return <LazyScreen key={`lazy-screen-${++lazyScreenCount}`} screen={screen} />;
}

/**
 * Every route of both specs (customer-app §2, admin-app §2), hash-based as their `#/…` links.
 * A screen not built yet shows Coming soon; replace its element with
 * `lazyScreen(() => import('#web/features/<feature>/<screen>.tsx'), (m) => m.TheScreen)`.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      {
        // Its own chunk, preloaded at start-up when the app opens on it: the record route's script
        // budget (130 KiB, issue 15) has no room for a screen it never shows.
        index: true,
        element: lazyScreen(
          () => import('#web/features/home/home-screen.tsx'),
          (m) => m.HomeScreen,
        ),
      },
      {
        path: 'dashboard',
        element: lazyScreen(
          () => import('#web/features/home/dashboard-screen.tsx'),
          (m) => m.DashboardScreen,
        ),
      },
      {
        path: 'products',
        element: lazyScreen(
          () => import('#web/features/products/products-screen.tsx'),
          (m) => m.ProductsScreen,
        ),
      },
      {
        path: 'inventory',
        element: lazyScreen(
          () => import('#web/features/inventory/inventory-screen.tsx'),
          (m) => m.InventoryScreen,
        ),
      },
      // customer-app §2: checkout takes stripeId, as #/checkout/{stripeId} or #/checkout?stripeId=….
      {
        path: 'checkout/:stripeId?',
        element: lazyScreen(
          () => import('#web/features/checkout/checkout-screen.tsx'),
          (m) => m.CheckoutScreen,
        ),
      },
      // The payments sandbox's checkout page (docs/decisions/070), where Buy Now leads without Stripe.
      {
        path: `${SANDBOX_CHECKOUT_ROUTE}/:productId`,
        element: lazyScreen(
          () => import('#web/features/checkout/sandbox-checkout-screen.tsx'),
          (m) => m.SandboxCheckoutScreen,
        ),
      },
      {
        path: 'account',
        element: lazyScreen(
          () => import('#web/features/account/account-screen.tsx'),
          (m) => m.AccountScreen,
        ),
      },
      {
        path: 'record/:id',
        // Without TanStack Query (with-queries.tsx): the panels that use it bring its provider.
        element: lazyScreen(preloadRecordScreen, (m) => m.RecordScreen, { queries: false }),
      },
      // Issue 42: the person's own book of their record.
      {
        path: 'record/:id/book',
        element: lazyScreen(
          () => import('#web/features/book/book-screen.tsx'),
          (m) => m.BookScreen,
        ),
      },
      // admin-app §6: admins only, guarded before the screen's chunk is loaded.
      {
        path: 'formbuilder/:id?',
        element: (
          <AdminOnly screen="formbuilder">
            {lazyScreen(
              () => import('./routes/formbuilder-route.tsx'),
              (m) => m.FormBuilderRoute,
            )}
          </AdminOnly>
        ),
      },
      {
        path: 'admin',
        element: (
          <AdminOnly screen="admin">
            {lazyScreen(
              () => import('#web/features/admin/admin-screen.tsx'),
              (m) => m.AdminScreen,
            )}
          </AdminOnly>
        ),
      },
      // Issue 12: an inventory type's published versions, their diff, and the mapped migration.
      {
        path: 'formversions/:id',
        element: (
          <AdminOnly screen="formversions">
            {lazyScreen(
              () => import('#web/features/form-versions/form-versions-screen.tsx'),
              (m) => m.FormVersionsScreen,
            )}
          </AdminOnly>
        ),
      },
      {
        path: 'datasync/:id',
        element: (
          <AdminOnly screen="datasync">
            {lazyScreen(
              () => import('#web/features/datasync/datasync-screen.tsx'),
              (m) => m.DatasyncScreen,
            )}
          </AdminOnly>
        ),
      },
      {
        path: 'terms',
        element: lazyScreen(
          () => import('#web/features/legal/terms-of-use.tsx'),
          (m) => m.TermsOfUseScreen,
        ),
      },
      {
        path: 'privacy',
        element: lazyScreen(
          () => import('#web/features/legal/privacy-notice.tsx'),
          (m) => m.PrivacyNoticeScreen,
        ),
      },
      {
        path: 'cybersecurity',
        element: lazyScreen(
          () => import('#web/features/legal/cybersecurity-policy.tsx'),
          (m) => m.CybersecurityPolicyScreen,
        ),
      },
      {
        path: 'eula',
        element: lazyScreen(
          () => import('#web/features/legal/eula.tsx'),
          (m) => m.EulaScreen,
        ),
      },
      {
        path: 'aipolicy',
        element: lazyScreen(
          () => import('#web/features/legal/ai-data-policy.tsx'),
          (m) => m.AiDataPolicyScreen,
        ),
      },
      // Issue 44: the accessibility statement, a support page like the legal ones.
      {
        path: 'accessibility',
        element: lazyScreen(
          () => import('#web/features/legal/accessibility-statement.tsx'),
          (m) => m.AccessibilityStatementScreen,
        ),
      },
      {
        path: 'faq',
        element: lazyScreen(
          () => import('#web/features/faq/faq-screen.tsx'),
          (m) => m.FaqScreen,
        ),
      },
      {
        path: 'contact',
        element: lazyScreen(
          () => import('#web/features/contact/contact-screen.tsx'),
          (m) => m.ContactScreen,
        ),
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/** The routes, rendered inside <HashRouter> (app.tsx). */
export function AppRoutes() {
  return useRoutes(appRoutes);
}

/**
 * Starts loading the chunk of the screen at `path` (a route path such as "/record/abc"); resolves
 * when it is in, at once for a screen in the main bundle.
 */
export function preloadScreenOf(path: string): Promise<unknown> {
  const routed = matchRoutes(appRoutes, path)?.at(-1)?.route.element;
  // A guarded screen is preloaded as well: the guard decides before it renders, not before it loads.
  const element =
    isValidElement<{ children?: unknown }>(routed) && routed.type === AdminOnly
      ? routed.props.children
      : routed;
  if (isValidElement<{ screen?: LazyScreenEntry }>(element) && element.type === LazyScreen) {
    return element.props.screen?.preload() ?? Promise.resolve();
  }
  return Promise.resolve();
}
