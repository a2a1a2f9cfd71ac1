/** A file name from a filter name: no path or reserved characters, not empty. */
export function fileStem(name: string): string {
  return (
    name
      .replace(/[\\/:*?"<>|\r\n\t]+/g, '_')
      .trim()
      .slice(0, 80) || 'filter'
  );
}
