/**
 * A part of a URL found in mail (a `cid:` Content-ID, a `mailto:` address) with its %-escapes
 * decoded. decodeURIComponent throws on an escape that is not UTF-8 (`cid:%E0%A4%A`, issue 32), and
 * a stranger writes these: each character's escapes (a lead byte and its continuation bytes) are
 * decoded on their own, and those that are not UTF-8 are kept as written, so one bad escape never
 * stops a mail from showing. Hand-written: a few lines, where a library would be one more
 * dependency of the web bundle and the server alike.
 */
export function decodeUrlPart(text: string): string {
  return text.replace(/%[0-7][0-9A-Fa-f]|%[89A-Fa-f][0-9A-Fa-f](?:%[89ABab][0-9A-Fa-f])*/g, (escapes) => {
    try {
      return decodeURIComponent(escapes);
    } catch {
      return escapes;
    }
  });
}
