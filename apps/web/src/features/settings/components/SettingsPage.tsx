import clsx from 'clsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { UNDO_SEND_DELAYS, type UserSettingsUpdate } from '@postline/shared/settings';
import { PageHeader } from '@/components/PageHeader';
import { ErrorBanner } from '@/components/ui/ErrorBanner';
import { LoadingBlock } from '@/components/ui/Spinner';
import { toast } from '@/components/ui/toast';
import { useSettings } from '../queries';
import { AwayReplySection } from './AwayReplySection';

const SWITCH_CLASS = clsx(
  'relative h-5 w-9 shrink-0 cursor-pointer appearance-none rounded-full bg-gray-300 transition-colors',
  'checked:bg-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
  "before:absolute before:top-0.5 before:left-0.5 before:h-4 before:w-4 before:rounded-full before:bg-white before:shadow before:transition-transform before:content-['']",
  'checked:before:translate-x-4',
);

/** One setting that is on or off: its title labels the switch, its hint says what it does. */
function SwitchSetting({
  title,
  hint,
  checked,
  onChange,
}: {
  title: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-5">
      <div className="flex items-start justify-between gap-4">
        <div>
          <label htmlFor={id} className="cursor-pointer text-base font-semibold text-gray-900">
            {title}
          </label>
          <p className="mt-1 text-sm text-gray-500">{hint}</p>
        </div>
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          className={clsx(SWITCH_CLASS, 'mt-1')}
        />
      </div>
    </section>
  );
}

/** The person's settings (issue 36): each change is saved to the server at once. */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const { settings, isLoading, error, clearError, save } = useSettings();
  const undoName = useId();

  const change = (update: UserSettingsUpdate) =>
    save(update).then(
      () => toast.success(t('saved'), { id: 'settings-saved' }),
      () => undefined, // the banner says why
    );

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {error && <ErrorBanner message={t('error')} detail={error} onClose={clearError} />}
      {isLoading || !settings ? (
        !error && <LoadingBlock label={t('loading')} />
      ) : (
        <div className="space-y-6">
          <section className="rounded-xl border border-gray-200 bg-white p-5">
            <fieldset>
              <legend className="text-base font-semibold text-gray-900">{t('undoSend.title')}</legend>
              <p className="mt-1 text-sm text-gray-500">{t('undoSend.hint')}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                {UNDO_SEND_DELAYS.map((seconds) => (
                  <label
                    key={seconds}
                    className={clsx(
                      'cursor-pointer rounded-full border px-4 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500',
                      settings.undoSendSeconds === seconds
                        ? 'border-brand-500 bg-brand-50 font-semibold text-brand-700'
                        : 'border-gray-300 text-gray-700 hover:bg-gray-50',
                    )}
                  >
                    <input
                      type="radio"
                      name={undoName}
                      value={seconds}
                      checked={settings.undoSendSeconds === seconds}
                      onChange={() => void change({ undoSendSeconds: seconds })}
                      className="sr-only"
                    />
                    {t('undoSend.seconds', { count: seconds })}
                  </label>
                ))}
              </div>
            </fieldset>
          </section>
          <SwitchSetting
            title={t('conversationView.title')}
            hint={t('conversationView.hint')}
            checked={settings.conversationView}
            onChange={(checked) => void change({ conversationView: checked })}
          />
          <SwitchSetting
            title={t('keyboardShortcuts.title')}
            hint={t('keyboardShortcuts.hint')}
            checked={settings.keyboardShortcuts}
            onChange={(checked) => void change({ keyboardShortcuts: checked })}
          />
          <AwayReplySection />
        </div>
      )}
    </div>
  );
}
