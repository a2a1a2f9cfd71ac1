import { eq, sql } from 'drizzle-orm';
import type { Language } from '@postline/shared/errors';
import type { TemplatePreviewRequest, TemplateUseRequest } from '@postline/shared/template-requests';
import type { SystemVariable, TemplateResult } from '@postline/shared/templates';
import { applyTemplateVariables, parseTemplateVariablesJson } from '@postline/shared/template-variables';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/core.js';
import { serverText } from '../../lib/i18n.js';
import type { TemplateService } from './template-service.js';
import type { Viewer } from '../../lib/viewer.js';

/** Variables the server fills by itself; their descriptions are in locales/<lang>/templates.json. */
const SYSTEM_VARIABLES = ['senderName', 'senderEmail', 'date', 'time', 'recipientName'] as const;
type SystemVariableName = (typeof SYSTEM_VARIABLES)[number];

const LOCALES = { ko: 'ko-KR', en: 'en-US' } as const;

/**
 * '오후 3:05' / '3:05 PM'. Written out because some Node builds carry too little ICU data for
 * Korean day periods and print 'PM 3:05'.
 */
function clockTime(date: Date, lang: Language): string {
  const hours = date.getHours();
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${String(date.getMinutes()).padStart(2, '0')}`;
  const period = serverText(lang, hours < 12 ? 'templates:clock.am' : 'templates:clock.pm');
  return serverText(lang, 'templates:clock.time', { period, clock });
}

/** Fills texts with values, reporting each name left without one once, in order of first use. */
function fill(subject: string, content: string, values: Record<string, string>): TemplateResult {
  const filledSubject = applyTemplateVariables(subject, values);
  const filledContent = applyTemplateVariables(content, values);
  return {
    subject: filledSubject.result,
    content: filledContent.result,
    missingVariables: [...new Set([...filledSubject.missing, ...filledContent.missing])],
  };
}

export class TemplateUse {
  constructor(
    private readonly database: Database,
    private readonly templates: TemplateService,
  ) {}

  /** senderName, senderEmail, date, time; recipientName when the address is one of our users. */
  async systemValues(
    viewer: Viewer,
    recipientEmail?: string,
  ): Promise<Partial<Record<SystemVariableName, string>>> {
    const db = this.database.db;
    const [sender] = await db
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, viewer.id));
    const now = new Date();
    const values: Partial<Record<SystemVariableName, string>> = {
      senderName: sender?.name ?? '',
      senderEmail: sender?.email ?? '',
      date: new Intl.DateTimeFormat(LOCALES[viewer.lang], { dateStyle: 'long' }).format(now),
      time: clockTime(now, viewer.lang),
    };
    if (recipientEmail) {
      const [recipient] = await db
        .select({ name: users.name })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${recipientEmail.trim()})`);
      if (recipient) values.recipientName = recipient.name;
    }
    return values;
  }

  async systemVariables(viewer: Viewer, recipientEmail?: string): Promise<SystemVariable[]> {
    const values = await this.systemValues(viewer, recipientEmail);
    return SYSTEM_VARIABLES.filter((name) => values[name] !== undefined).map((name) => ({
      name,
      description: serverText(viewer.lang, `templates:systemVariables.${name}`),
      example: values[name] ?? '',
    }));
  }

  /** Values given by the user, with the system's where the user gave none or left it blank. */
  private async values(viewer: Viewer, given: Record<string, string>): Promise<Record<string, string>> {
    const merged: Record<string, string> = { ...given };
    for (const [name, value] of Object.entries(await this.systemValues(viewer))) {
      if (!Object.hasOwn(given, name) || given[name]?.trim() === '') merged[name] = value;
    }
    return merged;
  }

  /** A saved template (texts given override its own) or texts not saved yet, filled in. */
  async preview(viewer: Viewer, input: TemplatePreviewRequest): Promise<TemplateResult> {
    let subject = input.subject ?? '';
    let content = input.content ?? '';
    if (input.templateId !== undefined) {
      const template = await this.templates.readable(viewer, input.templateId);
      subject = input.subject ?? template.subject;
      content = input.content ?? template.bodyText;
    }
    return fill(subject, content, await this.values(viewer, input.variableValues));
  }

  /** The filled subject and body, without counting a use. */
  async apply(viewer: Viewer, input: TemplateUseRequest): Promise<TemplateResult> {
    const template = await this.templates.readable(viewer, input.templateId);
    return fill(template.subject, template.bodyText, await this.values(viewer, input.variableValues));
  }

  /** Like apply, and the template's usageCount goes up in the same transaction. */
  async use(viewer: Viewer, input: TemplateUseRequest): Promise<TemplateResult> {
    const values = await this.values(viewer, input.variableValues);
    const template = await this.database.transaction((tx) =>
      this.templates.countUse(tx, viewer, input.templateId),
    );
    return fill(template.subject, template.bodyText, values);
  }

  async variables(viewer: Viewer, id: number): Promise<string[]> {
    const template = await this.templates.readable(viewer, id);
    return parseTemplateVariablesJson(template.variables);
  }
}
