import clsx from 'clsx';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '@/lib/use-focus-trap';
import { CloseIcon } from './icons';

const SIZES = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' };

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: keyof typeof SIZES;
  /** Element to focus first; defaults to the first focusable element in the dialog. */
  initialFocusRef?: React.RefObject<HTMLElement | null>;
  role?: 'dialog' | 'alertdialog';
  /** False for a dialog that must be answered: no close button (Escape and the backdrop call onClose). */
  closable?: boolean;
}

/** A modal dialog: focus moves in and is kept inside, Escape or the backdrop closes it. */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  initialFocusRef,
  role = 'dialog',
  closable = true,
}: ModalProps) {
  const { t } = useTranslation('ui');
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // The first field, not the close button: people open a dialog to fill it in.
  useFocusTrap(panelRef, open, {
    initialFocusRef,
    firstFrom: contentRef,
    onEscape: () => onCloseRef.current(),
  });

  useEffect(() => {
    if (!open) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [open]);

  if (!open) return null;

  // React passes events up the component tree, through the portal: a form submitted inside a
  // dialog must never also submit a form the dialog was opened from (compose, issue 10).
  return createPortal(
    <div
      className="fixed inset-0 z-50 flex items-center justify-center p-4"
      onSubmit={(event) => event.stopPropagation()}
    >
      <div aria-hidden="true" className="absolute inset-0 bg-gray-900/50" onClick={onClose} />
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={clsx(
          'relative flex max-h-[90vh] w-full flex-col rounded-xl bg-white shadow-xl outline-none',
          SIZES[size],
        )}
      >
        <div className="flex items-start justify-between gap-4 border-b border-gray-100 px-6 py-4">
          <div>
            <h2 id={titleId} className="text-lg font-semibold text-gray-900">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-gray-600">
                {description}
              </p>
            )}
          </div>
          {closable && (
            <button
              type="button"
              onClick={onClose}
              aria-label={t('modal.close')}
              className="rounded-full p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-700"
            >
              <CloseIcon />
            </button>
          )}
        </div>
        <div ref={contentRef} className="contents">
          {children && <div className="overflow-y-auto px-6 py-4">{children}</div>}
          {footer && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-gray-100 px-6 py-4">
              {footer}
            </div>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}
