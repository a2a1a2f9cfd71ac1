import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AWAY_REPLY_INTERVAL_DAYS,
  awayReplyRequestSchema,
  type AwayReply,
} from '@postline/shared/away-reply';
import { LeaveGuard } from '@/components/LeaveGuard';
import { Button } from '@/components/ui/Button';
import { ErrorBanner } from '@/components/ui/ErrorBanner';
import { Field } from '@/components/ui/Field';
import { inputClass } from '@/components/ui/form-styles';
import { LoadingBlock } from '@/components/ui/Spinner';
import { messageOf } from '@/lib/api-error';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useValidationText } from '@/lib/use-validation-text';
import { useAwayReply, useSaveAwayReply } from '../queries';

/** The form's values: days and the interval as the inputs hold them ('' for no day). */
function formValues(reply: AwayReply) {
  return {
    enabled: reply.enabled,
    firstDay: reply.firstDay ?? '',
    lastDay: reply.lastDay ?? '',
    subject: reply.subject,
    body: reply.body,
    includeSignature: reply.includeSignature,
    contactsOnly: reply.contactsOnly,
    intervalDays: String(reply.intervalDays),
  };
}
type Values = ReturnType<typeof formValues>;

/** The browser's zone: the away reply's days are the person's days where they are now. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The away reply on the settings page (issue 37): on or off, its days, its texts and who gets it,
 * saved with one button; leaving with changes asks first.
 */
export function AwayReplySection() {
  const { t } = useTranslation('settings');
  const query = useAwayReply();
  return (
    <section aria-labelledby="away-reply-title" className="rounded-xl border border-gray-200 bg-white p-5">
      <h2 id="away-reply-title" className="text-base font-semibold text-gray-900">
        {t('awayReply.title')}
      </h2>
      <p className="mt-1 text-sm text-gray-500">{t('awayReply.hint')}</p>
      {query.error ? (
        <ErrorBanner message={t('awayReply.loadFailed')} detail={messageOf(query.error)} />
      ) : query.data ? (
        <AwayReplyForm key={JSON.stringify(query.data)} saved={query.data} />
      ) : (
        <LoadingBlock label={t('loading')} />
      )}
    </section>
  );
}

/** A checkbox labelled by its text. */
function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex cursor-pointer items-center gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="h-4 w-4 accent-brand-600"
      />
      {label}
    </label>
  );
}

function AwayReplyForm({ saved }: { saved: AwayReply }) {
  const { t } = useTranslation('settings');
  const save = useSaveAwayReply();
  const validationText = useValidationText('settings');
  const allowLeave = useRef(false);
  const initial = formValues(saved);
  const { values, set, text, errors, formError, saving, submit } = useSchemaForm({
    schema: awayReplyRequestSchema,
    initial,
    toInput: (v: Values) => ({
      ...v,
      firstDay: v.firstDay || null,
      lastDay: v.lastDay || null,
      intervalDays: Number(v.intervalDays),
      timeZone: browserZone(),
    }),
    validationText,
    save,
    savedText: t('awayReply.saved'),
    failedText: t('awayReply.saveFailed'),
    onSaved: () => undefined,
  });
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const switchId = useId();

  return (
    <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
      <label
        htmlFor={switchId}
        className="flex cursor-pointer items-center gap-3 text-sm font-medium text-gray-800"
      >
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          checked={values.enabled}
          onChange={(event) => set('enabled', event.target.checked)}
          className="h-4 w-4 accent-brand-600"
        />
        {t('awayReply.enabled')}
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('awayReply.firstDay')} errors={errors.firstDay} hint={t('awayReply.dayHint')}>
          {(control) => <input {...control} type="date" {...text('firstDay')} className={inputClass} />}
        </Field>
        <Field label={t('awayReply.lastDay')} errors={errors.lastDay}>
          {(control) => <input {...control} type="date" {...text('lastDay')} className={inputClass} />}
        </Field>
      </div>
      <Field label={t('awayReply.subject')} errors={errors.subject}>
        {(control) => <input {...control} {...text('subject')} className={inputClass} />}
      </Field>
      <Field label={t('awayReply.body')} errors={errors.body}>
        {(control) => <textarea {...control} rows={5} {...text('body')} className={inputClass} />}
      </Field>
      <div className="space-y-2 text-sm text-gray-700">
        <Check
          label={t('awayReply.includeSignature')}
          checked={values.includeSignature}
          onChange={(checked) => set('includeSignature', checked)}
        />
        <Check
          label={t('awayReply.contactsOnly')}
          checked={values.contactsOnly}
          onChange={(checked) => set('contactsOnly', checked)}
        />
      </div>
      <Field label={t('awayReply.interval')} errors={errors.intervalDays} hint={t('awayReply.intervalHint')}>
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={AWAY_REPLY_INTERVAL_DAYS.MIN}
            max={AWAY_REPLY_INTERVAL_DAYS.MAX}
            {...text('intervalDays')}
            className={`${inputClass} w-28`}
          />
        )}
      </Field>
      {formError && <ErrorBanner message={t('awayReply.saveFailed')} detail={formError} />}
      <div className="flex justify-end">
        <Button type="submit" disabled={saving || !dirty}>
          {t('awayReply.save')}
        </Button>
      </div>
      <LeaveGuard
        when={dirty && !saving}
        allowRef={allowLeave}
        title={t('awayReply.unsavedTitle')}
        message={t('awayReply.unsavedMessage')}
        confirmLabel={t('awayReply.discard')}
        cancelLabel={t('awayReply.keepEditing')}
      />
    </form>
  );
}
