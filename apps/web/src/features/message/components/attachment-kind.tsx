import { Icon, type IconProps } from '@/components/ui/Icon';
import { fileExtension } from '@postline/shared/file-names';

export type AttachmentKind = 'image' | 'pdf' | 'word' | 'excel' | 'archive' | 'text' | 'other';

/** What sort of file an attachment is, by its type and, when the type says little, its name. */
export function attachmentKind(contentType: string, fileName: string): AttachmentKind {
  const type = contentType.toLowerCase();
  const extension = fileExtension(fileName);
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/pdf' || extension === 'pdf') return 'pdf';
  if (type.includes('word') || extension === 'doc' || extension === 'docx') return 'word';
  if (type.includes('excel') || type.includes('spreadsheet') || extension === 'xls' || extension === 'xlsx') {
    return 'excel';
  }
  if (type.includes('zip') || type.includes('rar') || extension === 'zip' || extension === 'rar')
    return 'archive';
  if (type.startsWith('text/') || extension === 'txt') return 'text';
  return 'other';
}

/** Raster types a thumbnail can show; SVG is left out on purpose (it may carry script). */
const PREVIEWABLE = /^image\/(png|jpeg|gif|webp|bmp|avif)$/;
export const PREVIEW_MAX_BYTES = 5 * 1024 * 1024;

export function canPreview(contentType: string, sizeBytes: number): boolean {
  return (
    PREVIEWABLE.test(contentType.toLowerCase().split(';')[0]?.trim() ?? '') && sizeBytes <= PREVIEW_MAX_BYTES
  );
}

const KIND_STYLE: Record<AttachmentKind, { className: string; mark: string }> = {
  image: { className: 'bg-purple-50 text-purple-600', mark: 'M7 16l3-3 2 2 3-4 3 5H7z' },
  pdf: { className: 'bg-red-50 text-red-600', mark: 'M8 12h8M8 15h8M8 18h5' },
  word: { className: 'bg-blue-50 text-blue-600', mark: 'M8 12l1.5 6L12 13l2.5 5L16 12' },
  excel: { className: 'bg-green-50 text-green-600', mark: 'M8 12l8 6M16 12l-8 6' },
  archive: { className: 'bg-amber-50 text-amber-600', mark: 'M11 4v2M13 6v2M11 8v2M13 10v2M11 14h2v3h-2z' },
  text: { className: 'bg-gray-100 text-gray-600', mark: 'M8 12h8M8 15h8M8 18h8' },
  other: { className: 'bg-gray-100 text-gray-500', mark: 'M9 14h6' },
};

/** A file outline marked by kind, on a tinted tile; decorative, the row names the type in text. */
export function AttachmentKindIcon({ kind, ...rest }: { kind: AttachmentKind } & Omit<IconProps, 'paths'>) {
  const style = KIND_STYLE[kind];
  return (
    <span
      className={`inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg ${style.className}`}
    >
      <Icon paths={['M6 3h8l4 4v14H6z', 'M14 3v4h4', style.mark]} size={24} strokeWidth={1.6} {...rest} />
    </span>
  );
}
