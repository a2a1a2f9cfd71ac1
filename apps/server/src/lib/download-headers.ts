import { fileExtension } from '@postline/shared/file-names';

/**
 * Types served as they are. Anything else (HTML, SVG, XML, scripts, whatever inbound mail declared)
 * goes out as application/octet-stream, so no attachment can ever render as a page of ours.
 */
const SERVED_AS_IS = [
  /^image\/(png|jpeg|gif|webp|bmp|avif|heic|heif|tiff|x-icon|vnd\.microsoft\.icon)$/,
  /^application\/(pdf|zip|msword|vnd\.ms-excel|vnd\.ms-powerpoint|vnd\.rar|x-rar-compressed|octet-stream)$/,
  /^application\/vnd\.openxmlformats-officedocument\.[a-z.]+$/,
  /^application\/(x-hwp|hwp\+zip|vnd\.oasis\.opendocument\.(text|spreadsheet|presentation))$/,
  /^text\/(plain|csv)$/,
  /^(audio|video)\/[a-z0-9.+-]+$/,
];

/** Raster images a browser can show in an <img>; SVG is not one of them (it can carry script). */
const INLINE_IMAGE = /^image\/(png|jpeg|gif|webp|bmp|avif|x-icon|vnd\.microsoft\.icon)$/;

function baseType(type: string): string {
  return (type.split(';')[0] ?? '').trim().toLowerCase();
}

export function servedContentType(stored: string): string {
  const base = baseType(stored);
  if (!SERVED_AS_IS.some((pattern) => pattern.test(base))) return 'application/octet-stream';
  return base.startsWith('text/') && /charset=utf-8/i.test(stored) ? `${base}; charset=utf-8` : base;
}

export function canShowInline(stored: string): boolean {
  return INLINE_IMAGE.test(baseType(stored));
}

/** RFC 5987 attr-char keeps only these unescaped; encodeURIComponent would also leave ' ( ) * !. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*!]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Plain ASCII for clients that ignore filename*: other characters become '_', quotes are dropped. */
function asciiFallback(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const extension = fileExtension(ascii);
  const base = extension ? ascii.slice(0, -(extension.length + 1)) : ascii;
  // A name that was all Hangul would be only underscores: say something instead.
  if (!/[A-Za-z0-9]/.test(base)) return extension ? `attachment.${extension}` : 'attachment';
  return ascii;
}

/** RFC 6266: `attachment; filename="ascii"; filename*=UTF-8''percent-encoded`. */
export function contentDisposition(kind: 'attachment' | 'inline', filename: string): string {
  return `${kind}; filename="${asciiFallback(filename)}"; filename*=UTF-8''${encodeRfc5987(filename)}`;
}

/** Headers of every download: the content may be anything, so nothing in it may run or be sniffed. */
export const DOWNLOAD_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "sandbox; default-src 'none'",
  'cache-control': 'private, no-cache',
} as const;
