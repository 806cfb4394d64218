import {
  createBrowserHistory,
  createRootRoute,
  createRoute,
  createRouter,
  useMatch,
  type RouterHistory,
} from '@tanstack/react-router';
import { Frame } from './app';
import { Message } from './message';
import { bindRouter } from './navigation';
import { screens, type Screen } from './routes';
import { useSession } from './session';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The line of the table a route was made from. */
    screen?: Screen;
  }
}

/** The address's query as plain strings (a name given twice keeps both values), as written. */
export function parseSearch(search: string): Record<string, unknown> {
  const values: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    const before = values[name];
    values[name] = before === undefined ? value : [...[before].flat(), value];
  }
  return values;
}

/** The query for these values, '?'-led, or '' when there are none. */
export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) {
    for (const one of [value].flat()) {
      if (one !== undefined && one !== null) params.append(name, String(one));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * A line of the table on screen: the permission it needs is checked here, once, for every
 * screen; the screen is given the session and the address's path without a trailing slash.
 */
function ScreenRoute({ screen }: { screen: Screen }) {
  const { session, onSession } = useSession();
  // The path of this route's own match: while the router moves away, the screen leaving is
  // still given the address it was opened on.
  const matched = useMatch({ strict: false, select: (match) => match.pathname });
  const path = matched.replace(/\/+$/, '') || '/admin';
  if (!session) return null;
  if (screen.allowed && !screen.allowed(session)) {
    return <Message title="app.forbiddenTitle" body="app.forbiddenBody" />;
  }
  return screen.element({ session, onSession, path });
}

/** The back-office's router: the frame at its root, one route per line of the table. */
export function createAdminRouter(history: RouterHistory = createBrowserHistory()) {
  const root = createRootRoute({ component: Frame });
  const routeTree = root.addChildren(
    screens.map((screen) =>
      createRoute({
        getParentRoute: () => root,
        path: screen.path,
        staticData: { screen },
        validateSearch: screen.validateSearch,
        component: () => <ScreenRoute screen={screen} />,
      }),
    ),
  );
  const router = createRouter({
    routeTree,
    history,
    parseSearch,
    stringifySearch,
    trailingSlash: 'preserve',
    // Back and forward find each page scrolled as it was left; the app's own moves keep the scroll.
    scrollRestoration: true,
  });
  bindRouter(router);
  return router;
}
