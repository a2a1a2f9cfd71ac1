import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemVariable, Template } from '@postline/shared/templates';
import { Button } from '@/components/ui/Button';
import { ErrorBanner } from '@/components/ui/ErrorBanner';
import { Modal } from '@/components/ui/Modal';
import { messageOf } from '@/lib/api-error';
import { useSystemVariables } from '../queries';

interface TemplateVariablesDialogProps {
  template: Template;
  variables: string[];
  /** The first recipient, so {{recipientName}} can be filled when the server knows them. */
  recipientEmail: string | undefined;
  onCancel: () => void;
  /** Rejects when applying failed; the dialog then stays open with the reason. */
  onApply: (values: Record<string, string>) => Promise<void>;
}

/** Asks for each {{variable}} of a template; those the server knows (date, sender...) come filled. */
export function TemplateVariablesDialog({
  template,
  variables,
  recipientEmail,
  onCancel,
  onApply,
}: TemplateVariablesDialogProps) {
  const { t } = useTranslation('templates');
  const formId = useId();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(variables.map((name) => [name, ''])),
  );
  // Prefilling is a convenience: without an answer the user types every value.
  const known = useSystemVariables(recipientEmail);
  const system = useMemo(
    (): Record<string, SystemVariable> =>
      Object.fromEntries((known.data ?? []).map((item) => [item.name, item])),
    [known.data],
  );
  const [error, setError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const touched = useRef(new Set<string>());

  useEffect(() => {
    // Never overwrite what the user has typed meanwhile.
    setValues((current) =>
      Object.fromEntries(
        Object.entries(current).map(([name, value]) => [
          name,
          touched.current.has(name) || !system[name] ? value : system[name].example,
        ]),
      ),
    );
  }, [system]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setApplying(true);
    try {
      await onApply(values);
    } catch (failure) {
      setError(messageOf(failure, t('picker.error')));
      setApplying(false);
    }
  }

  return (
    <Modal
      open
      onClose={onCancel}
      title={t('picker.variablesTitle')}
      description={t('picker.variablesDescription', { name: template.name })}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('picker.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={applying}>
            {t('picker.apply')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        {error && <ErrorBanner message={error} />}
        {variables.map((name) => {
          const inputId = `${formId}-${name}`;
          const known = system[name];
          return (
            <div key={name}>
              <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-700">
                {name}
              </label>
              <input
                id={inputId}
                value={values[name] ?? ''}
                onChange={(event) => {
                  touched.current.add(name);
                  setValues((current) => ({ ...current, [name]: event.target.value }));
                }}
                aria-describedby={known ? `${inputId}-hint` : undefined}
                className="block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none"
              />
              {known && (
                <p id={`${inputId}-hint`} className="mt-1 text-xs text-gray-500">
                  {known.description} · {t('picker.systemValue')}
                </p>
              )}
            </div>
          );
        })}
      </form>
    </Modal>
  );
}
