/** One language's translation areas, keyed by area name, from the files import.meta.glob read. */
export type Catalogue = Record<string, Record<string, unknown>>;

export function catalogueOf(files: Record<string, Record<string, unknown>>): Catalogue {
  const catalogue: Catalogue = {};
  for (const [file, texts] of Object.entries(files)) {
    const area = /\/(\w+)\.json$/.exec(file)?.[1];
    if (area) catalogue[area] = texts;
  }
  return catalogue;
}
