import { signatureAccountValues } from '@postline/shared/signature-variables';
import { isTemplateVariableName } from '@postline/shared/template-variables';

/*
 * {{variables}} in what a person sends (issue 34): a signature put in with {{name}} or {{email}},
 * a template's {{senderName}}. The compose screen fills what it knows, but the server is the last
 * stop before a recipient, so it fills these again on every send and takes out any other
 * {{variable}} left without a value: a literal {{…}} never reaches a recipient. What the person
 * quotes (lines starting with ">", a forwarded original) is theirs to quote as it was, and is left
 * alone by the callers.
 */

/** {{name}}: the shared rule's placeholder, a name checked by isTemplateVariableName. */
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/**
 * The values the server knows for a sender: the signature's account variables, as compose and the
 * preview fill them (shared signature-variables.ts), and the template system variables that mean
 * the same.
 */
export function senderVariables(
  sender: { name: string; email: string },
  extra: Readonly<Record<string, string>> = {},
): Record<string, string> {
  return {
    ...signatureAccountValues(sender),
    senderName: sender.name,
    senderEmail: sender.email,
    ...extra,
  };
}

function fill(text: string, values: Readonly<Record<string, string>>, escape: (value: string) => string) {
  // One pass, as applyTemplateVariables: a value that itself holds {{x}} goes in as typed.
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    if (!isTemplateVariableName(name)) return placeholder;
    return Object.hasOwn(values, name) ? escape(values[name] ?? '') : '';
  });
}

/** Plain text with every {{variable}} filled or taken out, quoted lines ("> …") as they were. */
export function fillSenderVariablesInText(text: string, values: Readonly<Record<string, string>>): string {
  return text
    .split('\n')
    .map((line) => (line.startsWith('>') ? line : fill(line, values, (value) => value)))
    .join('\n');
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** HTML with every {{variable}} filled (as text, escaped) or taken out. */
export function fillSenderVariablesInHtml(html: string, values: Readonly<Record<string, string>>): string {
  return fill(html, values, escapeHtml);
}
