import { createElement } from 'react';
import type * as HotToast from 'react-hot-toast';
import type { ToastOptions } from 'react-hot-toast';

/*
 * Toasts through react-hot-toast, loaded on the first toast rather than with the first page: the
 * login page stays lighter by the library's 5 kB. Components call toast.success/error/show as they
 * would react-hot-toast's; <ToastViewport /> mounts the Toaster once something has been shown.
 */
type ToastModule = typeof HotToast;
type Message = string;

let loading: Promise<ToastModule> | null = null;
const requestListeners = new Set<() => void>();
let requested = false;

export function loadToastLibrary(): Promise<ToastModule> {
  if (!requested) {
    requested = true;
    for (const listener of requestListeners) listener();
  }
  loading ??= import('react-hot-toast');
  return loading;
}

/** For ToastViewport: whether any toast was asked for yet, and a way to hear when one is. */
export const toastRequests = {
  subscribe(listener: () => void): () => void {
    requestListeners.add(listener);
    return () => requestListeners.delete(listener);
  },
  wasRequested: () => requested,
};

/**
 * The same text shown again while it is still up replaces it instead of stacking a copy (issue 34:
 * two failing calls put two identical error toasts on screen): its id is the text unless given.
 */
function show(kind: 'blank' | 'success' | 'error', message: Message, options?: ToastOptions): void {
  const withId: ToastOptions = { id: `${kind}:${message}`, ...options };
  void loadToastLibrary().then(({ toast: hotToast }) => {
    if (kind === 'blank') hotToast(message, withId);
    else hotToast[kind](message, withId);
  });
}

/** A toast's one action, as Gmail's "Undo": pressing it closes the toast and runs onAction. */
export interface ToastAction {
  label: string;
  onAction: () => void;
}

function showWithAction(message: Message, action: ToastAction, options: ToastOptions & { id: string }): void {
  void loadToastLibrary().then(({ toast: hotToast }) => {
    hotToast(
      (shown) =>
        createElement(
          'span',
          { className: 'flex items-center gap-3' },
          createElement('span', null, message),
          createElement(
            'button',
            {
              type: 'button',
              className: 'rounded px-2 py-1 font-semibold text-brand-700 hover:bg-brand-50',
              onClick: () => {
                hotToast.dismiss(shown.id);
                action.onAction();
              },
            },
            action.label,
          ),
        ),
      options,
    );
  });
}

export const toast = {
  /** A message with one button (Undo); its id lets a later toast replace it. */
  action: showWithAction,
  show: (message: Message, options?: ToastOptions) => show('blank', message, options),
  success: (message: Message, options?: ToastOptions) => show('success', message, options),
  error: (message: Message, options?: ToastOptions) => show('error', message, options),
  dismiss: (id?: string) => {
    if (loading) void loading.then(({ toast: hotToast }) => hotToast.dismiss(id));
  },
};
