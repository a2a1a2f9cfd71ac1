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

/** Folders were made outside the folder tree (a filter import makes the ones it files into). */
export const FOLDERS_CHANGED_EVENT = 'postline:folders-changed';

export function dispatchFoldersChanged(): void {
  window.dispatchEvent(new CustomEvent(FOLDERS_CHANGED_EVENT));
}

/** Calls the listener whenever the folders changed elsewhere; returns the unsubscribe function. */
export function onFoldersChanged(listener: () => void): () => void {
  window.addEventListener(FOLDERS_CHANGED_EVENT, listener);
  return () => window.removeEventListener(FOLDERS_CHANGED_EVENT, listener);
}
