/** Full-page moves that leave the single-page app, kept in one place so tests can replace them. */
export function redirectBrowser(url: string): void {
  window.location.assign(url);
}

export function reloadPage(): void {
  window.location.reload();
}
