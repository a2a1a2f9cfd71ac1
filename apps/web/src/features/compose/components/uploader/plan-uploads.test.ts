import { describe, expect, it } from 'vitest';
import { COMPOSE_MAX_FILE_BYTES, COMPOSE_MAX_FILES } from '@postline/shared/limits';
import { planUploads } from './plan-uploads';

const MB = 1024 * 1024;

/** A File that reports the given size without holding that many bytes. */
function fileOf(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const empty = { count: 0, names: [] };

describe('planUploads (SPEC §5 compose attachments)', () => {
  it('takes images, PDF, Word, Excel, text, zip and rar', () => {
    const files = [
      fileOf('photo.png', 'image/png'),
      fileOf('report.pdf', 'application/pdf'),
      fileOf('minutes.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
      fileOf('budget.xls', 'application/vnd.ms-excel'),
      fileOf('notes.txt', 'text/plain'),
      fileOf('bundle.zip', 'application/zip'),
      fileOf('old.rar', ''),
    ];
    const plan = planUploads(files, empty);
    expect(plan.refused).toEqual([]);
    expect(plan.tooMany).toBe(false);
    expect(plan.accepted.map((entry) => entry.name)).toEqual(files.map((file) => file.name));
  });

  it('refuses an .exe, also when the browser calls it a generic binary', () => {
    const exe = fileOf('setup.exe', 'application/x-msdownload');
    const generic = fileOf('tool.exe', 'application/octet-stream');
    const plan = planUploads([exe, generic, fileOf('ok.pdf', 'application/pdf')], empty);
    expect(plan.refused).toEqual([
      { file: exe, reason: 'invalidFileType' },
      { file: generic, reason: 'invalidFileType' },
    ]);
    expect(plan.accepted.map((entry) => entry.name)).toEqual(['ok.pdf']);
  });

  it('refuses a 26 MB file and takes one of exactly 25 MB', () => {
    const big = fileOf('video-still.png', 'image/png', 26 * MB);
    const limit = fileOf('scan.pdf', 'application/pdf', COMPOSE_MAX_FILE_BYTES);
    const plan = planUploads([big, limit], empty);
    expect(plan.refused).toEqual([{ file: big, reason: 'fileTooLargeMax' }]);
    expect(plan.accepted.map((entry) => entry.file)).toEqual([limit]);
  });

  it('refuses an empty file', () => {
    const blank = fileOf('blank.txt', 'text/plain', 0);
    expect(planUploads([blank], empty).refused).toEqual([{ file: blank, reason: 'emptyFile' }]);
  });

  it('refuses the 11th file and takes none of a selection that would pass 10', () => {
    const one = [fileOf('eleventh.txt', 'text/plain')];
    expect(planUploads(one, { count: COMPOSE_MAX_FILES, names: [] })).toEqual({
      accepted: [],
      refused: [],
      tooMany: true,
    });
    const three = ['a.txt', 'b.txt', 'c.txt'].map((name) => fileOf(name, 'text/plain'));
    expect(planUploads(three, { count: 8, names: [] })).toMatchObject({ accepted: [], tooMany: true });
    expect(planUploads(three.slice(0, 2), { count: 8, names: [] }).accepted).toHaveLength(2);
  });

  it('does not count refused files towards the limit', () => {
    const files = [fileOf('ok.txt', 'text/plain'), fileOf('bad.exe', 'application/x-msdownload')];
    const plan = planUploads(files, { count: 9, names: [] });
    expect(plan.tooMany).toBe(false);
    expect(plan.accepted.map((entry) => entry.name)).toEqual(['ok.txt']);
  });

  it('renames duplicates against attached files and within the selection, keeping Korean names', () => {
    const plan = planUploads(
      [
        fileOf('회의록.txt', 'text/plain'),
        fileOf('회의록.txt', 'text/plain'),
        fileOf('Report.PDF', 'application/pdf'),
      ],
      { count: 2, names: ['회의록.txt', 'report.pdf'] },
    );
    expect(plan.accepted.map((entry) => entry.name)).toEqual([
      '회의록 (1).txt',
      '회의록 (2).txt',
      'Report (1).PDF',
    ]);
  });

  it('composes a decomposed (macOS) Korean name before comparing', () => {
    const decomposed = '회의록.txt'.normalize('NFD');
    const plan = planUploads([fileOf(decomposed, 'text/plain')], { count: 1, names: ['회의록.txt'] });
    expect(plan.accepted[0]?.name).toBe('회의록 (1).txt');
  });
});
