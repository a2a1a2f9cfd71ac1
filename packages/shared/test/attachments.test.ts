import { describe, expect, it } from 'vitest';
import { attachmentDownloadPath } from '../src/attachments.js';
import {
  checkComposeFile,
  composeFileRules,
  describeAllowedTypes,
  exceedsComposeFileCount,
  matchesMimeType,
  resolveAllowedAttachmentTypes,
} from '../src/attachment-rules.js';
import { messageFileName, sanitizeFileName, uniqueFileName } from '../src/file-names.js';

const MB = 1024 * 1024;

describe('compose file checks', () => {
  it.each([
    ['photo.jpg', 'image/jpeg'],
    ['diagram.webp', 'image/webp'],
    ['report.pdf', 'application/pdf'],
    ['old.doc', 'application/msword'],
    ['new.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['sheet.xls', 'application/vnd.ms-excel'],
    ['sheet.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['notes.txt', 'text/plain; charset=utf-8'],
    ['bundle.zip', 'application/x-zip-compressed'],
    ['bundle.rar', ''],
    ['계약서.PDF', 'application/octet-stream'],
    // Issue 34: the office family, HWP, CSV, audio and video.
    ['보고서.hwp', 'application/haansofthwp'],
    ['보고서.hwpx', 'application/hwp+zip'],
    ['slides.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['slides.ppt', 'application/vnd.ms-powerpoint'],
    ['list.csv', 'application/vnd.ms-excel'],
    ['letter.odt', 'application/vnd.oasis.opendocument.text'],
    ['voice.m4a', 'audio/x-m4a'],
    ['movie.mp4', 'video/mp4'],
    ['IMG_0001.MOV', 'video/quicktime'],
  ])('accepts %s (%s)', (name, type) => {
    expect(checkComposeFile({ name, size: 1000, type })).toBeNull();
  });

  it.each([
    ['setup.exe', 'application/x-msdownload'],
    ['page.html', 'text/html'],
    ['script.js', ''],
    ['invoice.pdf.exe', 'application/pdf'],
    ['README', ''],
    ['macro.vbs', 'text/vbscript'],
    ['installer.msi', 'application/x-msi'],
    ['run.sh', 'application/x-sh'],
  ])('refuses %s (%s)', (name, type) => {
    expect(checkComposeFile({ name, size: 1000, type })).toBe('invalidFileType');
  });

  it('follows an operator list of families and extensions, and names what it allows', () => {
    const { extensions, unknown } = resolveAllowedAttachmentTypes('PDF, .hwp,word, exe');
    expect(extensions).toEqual(['pdf', 'doc', 'docx', 'hwp']);
    expect(unknown).toEqual(['exe']);
    const rules = composeFileRules(extensions);
    expect(checkComposeFile({ name: 'a.hwp', size: 1, type: 'application/x-hwp' }, rules)).toBeNull();
    expect(checkComposeFile({ name: 'a.hwpx', size: 1, type: '' }, rules)).toBe('invalidFileType');
    expect(checkComposeFile({ name: 'a.xlsx', size: 1, type: '' }, rules)).toBe('invalidFileType');
    expect(describeAllowedTypes(extensions, (group) => group.toUpperCase())).toBe(
      'PDF (pdf), WORD (doc, docx), HWP (hwp)',
    );
    expect(describeAllowedTypes(['png', 'pdf'], (group) => group)).toBe('image (png), pdf (pdf)');
  });

  it('allows 25 MB and refuses a byte more', () => {
    expect(checkComposeFile({ name: 'a.pdf', size: 25 * MB, type: 'application/pdf' })).toBeNull();
    expect(checkComposeFile({ name: 'a.pdf', size: 25 * MB + 1, type: 'application/pdf' })).toBe(
      'fileTooLargeMax',
    );
  });

  it('refuses empty files', () => {
    expect(checkComposeFile({ name: 'a.txt', size: 0, type: 'text/plain' })).toBe('emptyFile');
  });

  it('counts pending and completed files against the limit of ten', () => {
    expect(exceedsComposeFileCount(8, 2)).toBe(false);
    expect(exceedsComposeFileCount(8, 3)).toBe(true);
  });

  it('matches wildcard groups', () => {
    expect(matchesMimeType('IMAGE/PNG', ['image/*'])).toBe(true);
    expect(matchesMimeType('imagex/png', ['image/*'])).toBe(false);
  });

  it('builds the download path of SPEC §3', () => {
    expect(attachmentDownloadPath(42)).toBe('/api/v1/attachments/42/download');
  });
});

describe('uniqueFileName', () => {
  it('keeps a free name', () => {
    expect(uniqueFileName('report.pdf', ['other.pdf'])).toBe('report.pdf');
  });

  it('numbers duplicates before the extension', () => {
    expect(uniqueFileName('report.pdf', ['report.pdf'])).toBe('report (1).pdf');
    expect(uniqueFileName('report.pdf', ['report.pdf', 'report (1).pdf'])).toBe('report (2).pdf');
  });

  it('sees names differing only in case or Unicode form as the same', () => {
    expect(uniqueFileName('Report.PDF', ['report.pdf'])).toBe('Report (1).PDF');
    expect(uniqueFileName('보고서.pdf', ['보고서.pdf'.normalize('NFD')])).toBe('보고서 (1).pdf');
  });

  it('handles names without or with compound extensions', () => {
    expect(uniqueFileName('README', ['README'])).toBe('README (1)');
    expect(uniqueFileName('logs.tar.gz', ['logs.tar.gz'])).toBe('logs (1).tar.gz');
  });
});

describe('sanitizeFileName', () => {
  it('keeps only the last path segment', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\x\\a.pdf')).toBe('a.pdf');
    expect(sanitizeFileName('..')).toBe('attachment');
    expect(sanitizeFileName('dir/')).toBe('attachment');
  });

  it('removes control characters and bidi overrides', () => {
    expect(sanitizeFileName('re\u0000po\u001frt\u007f.pdf')).toBe('report.pdf');
    // U+202E would display "invoice\u202Efdp.exe" as "invoiceexe.pdf".
    expect(sanitizeFileName('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
  });

  it('trims, drops trailing dots and falls back when nothing is left', () => {
    expect(sanitizeFileName('  a.pdf. ')).toBe('a.pdf');
    expect(sanitizeFileName('   ')).toBe('attachment');
    expect(sanitizeFileName('\u0001\u0002')).toBe('attachment');
  });

  it('keeps Korean names, composed as typed on Windows even when macOS decomposed them', () => {
    expect(sanitizeFileName('2025 회의록.docx')).toBe('2025 회의록.docx');
    expect(sanitizeFileName('회의록.docx'.normalize('NFD'))).toBe('회의록.docx');
  });

  it('caps the name at 255 UTF-8 bytes, keeping the extension and whole characters', () => {
    const long = `${'가'.repeat(200)}.pdf`; // 600 bytes of Hangul
    const safe = sanitizeFileName(long);
    expect(safe.endsWith('.pdf')).toBe(true);
    expect(Buffer.byteLength(safe, 'utf8')).toBeLessThanOrEqual(255);
    expect(safe).toBe(`${'가'.repeat(83)}.pdf`);
  });
});

describe('messageFileName', () => {
  it('names a message after its subject, keeping Korean and making path characters harmless', () => {
    expect(messageFileName('분기 보고서')).toBe('분기 보고서.eml');
    expect(messageFileName('Re: Q3/Q4 plan?')).toBe('Re_ Q3_Q4 plan_.eml');
    expect(messageFileName('  ...  ')).toBe('message.eml');
    expect(messageFileName('')).toBe('message.eml');
    expect(messageFileName('line\r\nbreak')).toBe('line break.eml');
    expect(messageFileName('', 'forwarded')).toBe('forwarded.eml');
    expect(messageFileName('..hidden')).toBe('hidden.eml');
    expect(messageFileName('a'.repeat(300))).toHaveLength(104);
    // Korean is 3 bytes a character: the 255-byte limit of file names cuts first.
    expect(Buffer.byteLength(messageFileName('가'.repeat(300)))).toBeLessThanOrEqual(255);
    // A Mac's decomposed Hangul comes out composed.
    expect(messageFileName('보고서'.normalize('NFD'))).toBe('보고서.eml');
  });
});
