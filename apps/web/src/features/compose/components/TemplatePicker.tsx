import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Template } from '@postline/shared/templates';
import { toast } from '@/components/ui/toast';
import { fillTemplate } from '../api/fill-template';
import { useComposeForm } from '../hooks/use-compose-form';
import { useUsableTemplates } from '../queries';
import { appendSignature } from '../signature-block';
import { templateVariableNames } from '../template-variables';
import { TemplateVariablesDialog } from './TemplateVariablesDialog';

/**
 * Compose's template choice (SPEC §2): a template with variables asks for them first; applying
 * sets the body to the filled content and the subject to the filled subject when there is one.
 * /compose?template={id} (a popular template on /templates) chooses that one as the page opens.
 */
export function TemplatePicker() {
  const { t } = useTranslation('templates');
  const selectId = useId();
  // The same cache as the templates page, so a template saved there is offered here at once.
  const usable = useUsableTemplates();
  const templates: Template[] | null = usable.isError ? [] : (usable.data ?? null);
  const [asking, setAsking] = useState<Template | null>(null);
  const firstRecipient = useComposeForm((state) => state.to[0]);
  const [query] = useSearchParams();
  const requested = query.get('template');
  // Once per address: StrictMode's second effect run or a later render must not apply it again.
  const handledRequest = useRef<string | null>(null);

  /** Fills and applies; rejects so the dialog can stay open when it fails. */
  async function apply(template: Template, variableValues: Record<string, string>) {
    const result = await fillTemplate({ templateId: template.id, variableValues });
    const form = useComposeForm.getState();
    // The template replaces what was written, never the signature below it (SPEC §4).
    form.setBody(form.signature === null ? result.content : appendSignature(result.content, form.signature));
    if (result.subject.trim() !== '') form.setSubject(result.subject);
    toast.success(t('picker.applied'));
  }

  function choose(template: Template) {
    if (templateVariableNames(template).length > 0) {
      setAsking(template);
      return;
    }
    apply(template, {}).catch(() => toast.error(t('picker.error')));
  }

  useEffect(() => {
    if (templates === null || requested === null || handledRequest.current === requested) return;
    handledRequest.current = requested;
    const template = templates.find((item) => String(item.id) === requested);
    if (template) choose(template);
    else toast.error(t('picker.notFound'));
    // `choose` is made anew each render; what decides is the list and the requested id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [templates, requested]);

  const empty = templates !== null && templates.length === 0;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={selectId} className="text-sm font-medium text-gray-700">
        {t('picker.label')}
      </label>
      <select
        id={selectId}
        // An action, not a setting: it always reads 'choose' again after use.
        value=""
        disabled={templates === null || empty}
        onChange={(event) => {
          const template = templates?.find((item) => String(item.id) === event.target.value);
          if (template) choose(template);
        }}
        className="h-9 max-w-56 rounded-lg border border-gray-300 bg-white px-2 text-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none disabled:opacity-60"
      >
        <option value="">
          {templates === null ? t('picker.loading') : empty ? t('picker.empty') : t('picker.choose')}
        </option>
        {templates?.map((template) => (
          <option key={template.id} value={template.id}>
            {template.name}
          </option>
        ))}
      </select>
      {asking && (
        <TemplateVariablesDialog
          template={asking}
          variables={templateVariableNames(asking)}
          recipientEmail={firstRecipient}
          onCancel={() => setAsking(null)}
          onApply={async (values) => {
            await apply(asking, values);
            setAsking(null);
          }}
        />
      )}
    </div>
  );
}
