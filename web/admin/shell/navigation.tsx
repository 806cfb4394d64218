import { useRouterState, type AnyRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * The back-office's moves, made by its router (see router.tsx, which hands it over here): the
 * screens and the router's table import each other's modules, so the moves reach the router
 * through this one place.
 */
let router: AnyRouter | null = null;

/** Hands the app's router to the moves below. */
export function bindRouter(next: AnyRouter) {
  router = next;
}

/** Moves to a back-office address without asking the screen first (see navigate). */
export function moveTo(path: string) {
  void router?.navigate({ href: path, ignoreBlocker: true, resetScroll: false });
}

/** Puts another address in place of the one shown, in the address bar and the history. */
export function replaceWith(path: string) {
  void router?.navigate({ href: path, replace: true, ignoreBlocker: true, resetScroll: false });
}

/** Moves the browser to a back-office address without a reload, once the screen agrees. */
export function navigate(path: string): void {
  void router?.navigate({ href: path, resetScroll: false });
}

/**
 * Runs `leave`, something that takes the staff member away from the screen (signing out), once
 * the screen agrees: at once, or after its question is answered. The question is the router's
 * own (a screen's `useBlocker`), asked as for a move to the sign-in page.
 */
export function whenLeaving(leave: () => void): void {
  const history = router?.history;
  if (!history) {
    leave();
    return;
  }
  const signIn = '/admin/login';
  const nextLocation = {
    href: signIn,
    pathname: signIn,
    search: '',
    hash: '',
    state: history.location.state,
  };
  void (async () => {
    for (const blocker of history._getBlockers()) {
      const held = await blocker.blockerFn({
        currentLocation: history.location,
        nextLocation,
        action: 'PUSH',
      });
      if (held) return;
    }
    leave();
  })();
}

/** The address's query as the browser shows it ('?q=amal', or ''), kept current as the history moves. */
export function useSearch(): string {
  return useRouterState({ select: (state) => state.location.searchStr });
}

/** The address's path, kept current as the history moves. */
export function usePathname(): string {
  return useRouterState({ select: (state) => state.location.pathname });
}

export function Link({
  to,
  children,
  className,
}: {
  to: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <a
      href={to}
      className={className}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
