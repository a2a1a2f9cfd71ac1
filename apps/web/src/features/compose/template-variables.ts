import type { Template } from '@postline/shared/templates';
import { extractTemplateVariables, parseTemplateVariablesJson } from '@postline/shared/template-variables';

/** The {{names}} a template asks for, as the server stored them, else read from its texts. */
export function templateVariableNames(template: Template): string[] {
  const stored = parseTemplateVariablesJson(template.variables);
  return stored.length > 0 ? stored : extractTemplateVariables(`${template.subject}\n${template.content}`);
}
