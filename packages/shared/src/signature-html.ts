/*
 * A signature's content as HTML (issue 34). People type a signature as plain text, one line under
 * another; HTML would join those lines. Content without block structure has its line breaks kept as
 * <br>, and content with no markup at all is text, escaped as such. Read wherever a signature is
 * shown, put into a mail or saved, so one typed before this rule is shown right too.
 */

/** Markup that lays out lines itself: its own line breaks are only source formatting. */
const BLOCK_MARKUP = /<(?:br|p|div|table|tr|td|ul|ol|li|h[1-6]|blockquote|pre|hr)\b/i;
/** Anything that looks like a tag or an entity: the content was written as HTML. */
const ANY_MARKUP = /<\/?[a-z][^>]*>|&(?:#\d+|#x[\da-f]+|[a-z]+);/i;

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function signatureContentHtml(content: string): string {
  const unified = content.replace(/\r\n?/g, '\n');
  if (BLOCK_MARKUP.test(unified)) return unified;
  const html = ANY_MARKUP.test(unified) ? unified : escapeText(unified);
  return html.trim().replace(/\n/g, '<br>');
}

/** Markup other than <br> that lays out lines: such content is edited as the HTML it is. */
const OTHER_BLOCK_MARKUP = /<(?:p|div|table|tr|td|ul|ol|li|h[1-6]|blockquote|pre|hr)\b/i;

/**
 * The content as the signature form shows it for editing: lines kept with <br> go back to being
 * lines, so a signature typed as plain text is edited as the text it was (the inverse of
 * signatureContentHtml for such content; anything laid out otherwise is left as written).
 */
export function signatureContentForEditing(html: string): string {
  if (OTHER_BLOCK_MARKUP.test(html)) return html;
  return html.replace(/<br\s*\/?>\n?/gi, '\n');
}
