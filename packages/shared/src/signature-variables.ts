import { applyTemplateVariables } from './template-variables.js';

/*
 * The {{variables}} a signature is filled with from the writer's own account (issue 34): the ones
 * POST /signatures/preview knows without being told. Compose fills the signature it puts into the
 * body with them, the signature form's preview too, and the server the mail it sends, so all three
 * agree. Apart from signatures.ts and its zod schemas: compose loads no zod on its first render.
 */

/** senderName and senderEmail as templates call them (the server fills those in what is sent too). */
export const SIGNATURE_ACCOUNT_VARIABLES = ['name', 'email', 'senderName', 'senderEmail'] as const;
export type SignatureAccountVariable = (typeof SIGNATURE_ACCOUNT_VARIABLES)[number];

export interface SignatureAccount {
  name: string;
  email: string;
}

export function signatureAccountValues(account: SignatureAccount): Record<SignatureAccountVariable, string> {
  return { name: account.name, email: account.email, senderName: account.name, senderEmail: account.email };
}

/**
 * A signature's plain text as a recipient may read it: each {{variable}} with a value filled, and
 * any other placeholder ({{title}} nobody gave) left out, since a literal {{…}} must never reach a
 * recipient.
 */
export function fillSignatureText(text: string, values: Readonly<Record<string, string>>): string {
  const { missing } = applyTemplateVariables(text, values);
  const blanks = Object.fromEntries(missing.map((name) => [name, '']));
  // A placeholder left out leaves no blank at the end of its line.
  return applyTemplateVariables(text, { ...blanks, ...values }).result.replace(/[ \t]+$/gm, '');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The same for a signature's HTML: values go in as text (escaped), never as markup. */
export function fillSignatureHtml(html: string, values: Readonly<Record<string, string>>): string {
  const escaped = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, escapeHtml(value)]),
  );
  return fillSignatureText(html, escaped);
}
