import { eq } from 'drizzle-orm';
import type {
  Signature,
  SignatureFromTemplateRequest,
  SignatureTemplate,
  SignatureType,
} from '@postline/shared/signatures';
import { applyTemplateVariables, extractTemplateVariables } from '@postline/shared/template-variables';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/core.js';
import { AppError } from '../../lib/errors.js';
import { localizedText, serverText } from '../../lib/i18n.js';
import { allowedUrl, sanitizeSignatureHtml } from '../../lib/sanitize-html.js';
import type { Viewer } from '../../lib/viewer.js';
import type { SignatureService } from './service.js';

interface BuiltInTemplate {
  id: number;
  /** Also names the template: locales/<lang>/signatures.json, templateNames. */
  category: 'business' | 'simple' | 'logo' | 'formal';
  signatureType: SignatureType;
  content: string;
}

/** Ready-made signatures (GET /signatures/templates); {{logoUrl}} must be an https address. */
const BUILT_IN: readonly BuiltInTemplate[] = [
  {
    id: 1,
    category: 'business',
    signatureType: 'BUSINESS',
    content:
      '<table cellpadding="0" cellspacing="0"><tbody><tr><td style="font-size:14px">' +
      '<strong>{{name}}</strong> <span style="color:#6b7280">{{title}}</span><br>' +
      '<span style="font-weight:bold">{{company}}</span><br>' +
      'T. {{phone}} | E. <a href="mailto:{{email}}">{{email}}</a></td></tr></tbody></table>',
  },
  {
    id: 2,
    category: 'simple',
    signatureType: 'PERSONAL',
    content: '<p>{{name}}<br><a href="mailto:{{email}}">{{email}}</a></p>',
  },
  {
    id: 3,
    category: 'logo',
    signatureType: 'BUSINESS',
    content:
      '<table cellpadding="0" cellspacing="0"><tbody><tr>' +
      '<td valign="top"><img src="{{logoUrl}}" alt="{{company}}" width="80" height="80"></td>' +
      '<td valign="top" style="font-size:13px"><strong>{{name}}</strong><br>{{title}} · {{company}}<br>' +
      '{{phone}}<br><a href="mailto:{{email}}">{{email}}</a></td></tr></tbody></table>',
  },
  {
    id: 4,
    category: 'formal',
    signatureType: 'BUSINESS',
    content:
      '<p>감사합니다.</p><p>{{name}} 드림</p>' +
      '<p style="color:#6b7280;font-size:12px">{{company}} {{department}} {{title}}<br>' +
      '전화 {{phone}} | 이메일 {{email}}</p>',
  },
];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Values are text, never markup: they are escaped before they go into the HTML. */
export function fillSignatureVariables(html: string, values: Readonly<Record<string, string>>): string {
  const escaped = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, escapeHtml(value)]),
  );
  return applyTemplateVariables(html, escaped).result;
}

const templateNotFound = () =>
  new AppError(404, 'SIGNATURE_NOT_FOUND', {
    text: localizedText('signatures:templateNotFound'),
  });

/** Signature templates, and the preview that fills {{variables}} from the user where known. */
export class SignatureComposer {
  constructor(
    private readonly database: Database,
    private readonly signatures: SignatureService,
  ) {}

  templates(viewer: Viewer, category?: string): SignatureTemplate[] {
    const wanted = category?.toLowerCase();
    return BUILT_IN.filter((t) => !wanted || t.category === wanted).map((t) => ({
      id: t.id,
      name: serverText(viewer.lang, `signatures:templateNames.${t.category}`),
      category: t.category,
      content: t.content,
      variables: extractTemplateVariables(t.content),
    }));
  }

  /** name and email from the user's account; values given (not blank) win. */
  private async values(viewer: Viewer, given: Record<string, string>): Promise<Record<string, string>> {
    const [user] = await this.database.db
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, viewer.id));
    const values: Record<string, string> = { ...(user ? { name: user.name, email: user.email } : {}) };
    for (const [name, value] of Object.entries(given)) {
      if (value.trim() !== '') values[name] = value;
    }
    return values;
  }

  async preview(viewer: Viewer, content: string, given: Record<string, string>): Promise<string> {
    return sanitizeSignatureHtml(fillSignatureVariables(content, await this.values(viewer, given)));
  }

  async createFromTemplate(
    viewer: Viewer,
    id: number,
    input: SignatureFromTemplateRequest,
  ): Promise<Signature> {
    const template = BUILT_IN.find((t) => t.id === id);
    if (!template) throw templateNotFound();
    const values = await this.values(viewer, input.variables);
    const logo = values.logoUrl ? allowedUrl(values.logoUrl, ['https']) : null;
    return this.signatures.create(viewer, {
      name: input.name,
      content: fillSignatureVariables(template.content, values),
      signatureType: template.signatureType,
      isDefault: false,
      isActive: true,
      includeImage: logo !== null,
      imageUrl: logo,
    });
  }
}
