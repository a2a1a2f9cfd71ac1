/*
 * Template {{variables}}: finding, checking and filling them. Apart from templates.ts and its zod
 * schemas so that compose, which fills them, does not load zod on its first render (issue 17).
 */

/** {{...}} with anything but braces inside; what is inside is then checked as a name. */
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
/** Letters of any script (Korean included), digits and underscore. */
const VARIABLE_NAME = /^[\p{L}\p{Nd}_]+$/u;

export function isTemplateVariableName(name: string): boolean {
  return VARIABLE_NAME.test(name);
}

/** The variable names used in a text, each once, in order of first use. */
export function extractTemplateVariables(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (isTemplateVariableName(name)) names.add(name);
  }
  return [...names];
}

/**
 * Placeholders that are not {{word}}, as written ('{{first name}}', '{{}}'), and a '{{' never
 * closed ('{{name'), each once.
 */
export function findInvalidTemplateVariables(text: string): string[] {
  const invalid = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (!isTemplateVariableName(match[1] ?? '')) invalid.add(match[0]);
  }
  const rest = text.replace(PLACEHOLDER, ' ');
  for (const unclosed of rest.matchAll(/\{\{[^{}\s]{0,30}/g)) invalid.add(unclosed[0]);
  return [...invalid];
}

export interface AppliedTemplate {
  result: string;
  /** Names used in the text that values did not give, each once; their placeholders stay. */
  missing: string[];
}

/**
 * Replaces each {{name}} by values[name] in one pass, so a value that itself contains {{x}} is
 * left as typed. An empty string is a given value.
 */
export function applyTemplateVariables(
  text: string,
  values: Readonly<Record<string, string>>,
): AppliedTemplate {
  const missing = new Set<string>();
  const result = text.replace(PLACEHOLDER, (placeholder, name: string) => {
    if (!isTemplateVariableName(name)) return placeholder;
    // Own properties only: {{constructor}} must not find Object.prototype.constructor.
    if (Object.hasOwn(values, name) && typeof values[name] === 'string') return values[name];
    missing.add(name);
    return placeholder;
  });
  return { result, missing: [...missing] };
}

/** The `variables` field of a template: a JSON object whose keys are the names. */
export function templateVariablesJson(names: readonly string[]): string {
  return JSON.stringify(Object.fromEntries(names.map((name) => [name, ''])));
}

/** Names from a `variables` field; anything that is not a JSON object gives none. */
export function parseTemplateVariablesJson(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
    return Object.keys(parsed).filter(isTemplateVariableName);
  } catch {
    return [];
  }
}
