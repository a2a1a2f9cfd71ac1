/**
 * The import button's file (SPEC §5 Import, plus Sieve and Gmail beyond it): which kind it is by
 * its extension, and its content, read on the client.
 */
export type ImportSource =
  { kind: 'json'; data: unknown } | { kind: 'sieve'; text: string } | { kind: 'gmail'; text: string };

export type ImportFileProblem = 'invalidJson' | 'readFailed' | 'unsupportedFile';

export class ImportFileError extends Error {
  constructor(readonly problem: ImportFileProblem) {
    super(problem);
    this.name = 'ImportFileError';
  }
}

const KINDS: Record<string, ImportSource['kind']> = {
  json: 'json',
  sieve: 'sieve',
  siv: 'sieve',
  txt: 'sieve',
  xml: 'gmail',
};

/** For the file input's accept attribute. */
export const IMPORT_ACCEPT = '.json,application/json,.sieve,.siv,.txt,text/plain,.xml,text/xml';

function kindOf(name: string): ImportSource['kind'] | undefined {
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  return extension ? KINDS[extension] : undefined;
}

async function readText(file: File): Promise<string> {
  try {
    return await file.text();
  } catch {
    throw new ImportFileError('readFailed');
  }
}

export async function readImportFile(file: File): Promise<ImportSource> {
  const kind = kindOf(file.name);
  if (!kind) throw new ImportFileError('unsupportedFile');
  const text = await readText(file);
  if (kind !== 'json') return { kind, text };
  try {
    return { kind, data: JSON.parse(text) as unknown };
  } catch {
    throw new ImportFileError('invalidJson');
  }
}
