import { useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { useDismiss } from './use-dismiss';

/**
 * The WAI-ARIA menu button: a button that opens a list of `role="menuitem"` entries. Arrow Down
 * or Up on the button opens the menu on its first or last entry; inside it, the arrows move with
 * wrap-around, Home and End jump, Tab closes it, and Escape or a press outside closes it (Escape
 * returning focus to the button).
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useDismiss(open, container, (reason) => {
    setOpen(false);
    if (reason === 'escape') button.current?.focus();
  });

  const items = () =>
    Array.from(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  // Focus moves into the menu as it opens: the menu must be visible first.
  const openAndFocus = (which: 'first' | 'last') => {
    flushSync(() => setOpen(true));
    const all = items();
    (which === 'first' ? all[0] : all[all.length - 1])?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAndFocus(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key === 'Tab') {
      setOpen(false);
      return;
    }
    const all = items();
    const index = all.findIndex((item) => item === document.activeElement);
    const moves: Record<string, number> = {
      ArrowDown: (index + 1) % all.length,
      ArrowUp: (index - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    all[target]?.focus();
  };

  /** A click on the button: opens the menu on its first entry, or closes it. */
  const toggle = () => (open ? setOpen(false) : openAndFocus('first'));

  return { open, setOpen, container, button, list, toggle, onButtonKeyDown, onMenuKeyDown };
}
