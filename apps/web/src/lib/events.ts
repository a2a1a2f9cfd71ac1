/**
 * Window events that let one feature tell another something happened without importing it
 * (features never import each other). The real-time client dispatches; lists listen.
 */

/** A new message arrived for the signed-in user: open mail lists and counts should reload. */
export const NEW_MAIL_EVENT = 'postline:new-mail';

export interface NewMailDetail {
  /** The new message's id, when the push carried one. */
  messageId?: number;
}

export function dispatchNewMail(detail: NewMailDetail = {}): void {
  window.dispatchEvent(new CustomEvent<NewMailDetail>(NEW_MAIL_EVENT, { detail }));
}

/** Calls the listener on every new-mail event; returns the unsubscribe function. */
export function onNewMail(listener: (detail: NewMailDetail) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<NewMailDetail>).detail ?? {});
  window.addEventListener(NEW_MAIL_EVENT, handler);
  return () => window.removeEventListener(NEW_MAIL_EVENT, handler);
}
