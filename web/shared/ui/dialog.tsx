import {
  useEffect,
  useId,
  useRef,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from '../i18n/translation';
import { CloseIcon } from './icons';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /**
   * Modal: the page behind is inert, focus stays inside and a backdrop dims the page. Only for a
   * confirmation that must not be missed (SPEC §9: dialogs are not modal by default).
   */
  modal?: boolean;
  /** The element to focus when the dialog opens; the first field by default. */
  initialFocus?: React.RefObject<HTMLElement | null>;
  className?: string;
};

/**
 * A dialog (SPEC §9): animates in over 150 ms (not at all for visitors who prefer reduced
 * motion), closes on Escape, can be moved by its title bar and resized from its corner, and is
 * not modal unless asked.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  modal = false,
  initialFocus,
  className = '',
}: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const offset = useRef({ x: 0, y: 0 });
  const drag = useRef<{
    pointerId: number;
    startX: number;
    startY: number;
    x: number;
    y: number;
  } | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      offset.current = { x: 0, y: 0 };
      dialog.style.translate = '';
      if (modal) dialog.showModal();
      else dialog.show();
      const target =
        initialFocus?.current ??
        dialog.querySelector<HTMLElement>('input, select, textarea, [autofocus]') ??
        dialog.querySelector<HTMLElement>('button');
      target?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, modal, initialFocus]);

  // Escape: a modal dialog gets a cancel event from the browser; a non-modal one does not.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      onClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !modal) {
        event.preventDefault();
        onClose();
      }
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('keydown', onKeyDown);
    };
  }, [open, modal, onClose]);

  // Moving: the title bar follows the pointer; the position is set through the CSSOM, which the
  // Content-Security-Policy allows (unlike style attributes in markup).
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as Element).closest('button')) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      ...offset.current,
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    const dialog = ref.current;
    if (!state || state.pointerId !== event.pointerId || !dialog) return;
    offset.current = {
      x: state.x + event.clientX - state.startX,
      y: state.y + event.clientY - state.startY,
    };
    dialog.style.translate = `${offset.current.x}px ${offset.current.y}px`;
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  // Grabbing the title bar must not take focus from the field the visitor is in: a field that
  // loses focus shows its message, and the dialog would grow under the pointer mid-drag.
  const onMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    if (!(event.target as Element).closest('button')) event.preventDefault();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={`dialog-enter fixed inset-0 z-[70] m-auto flex max-h-[90dvh] w-[min(32rem,calc(100vw-2rem))] min-w-72 resize flex-col overflow-auto rounded-card border border-line bg-raised p-0 text-ink shadow-panel not-open:hidden backdrop:bg-black/60 ${className}`}
    >
      <div
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onMouseDown={onMouseDown}
        title={t('dialog.move')}
        className="flex cursor-move touch-none items-center justify-between gap-3 border-b border-line bg-surface px-5 py-3 select-none"
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('dialog.close')}
          className="inline-flex size-9 items-center justify-center rounded-md text-ink-muted hover:bg-raised hover:text-ink"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
      <div className="p-5">{children}</div>
    </dialog>
  );
}
