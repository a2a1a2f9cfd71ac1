import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { LoadingBlock } from '@/components/ui/Spinner';
import { toast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-error';
import { downloadOriginal } from '../api/original';
import { useOriginal } from '../queries';

/**
 * /message/{id}/original: the message as it arrived, as Gmail's "Show original" shows it: a summary
 * of who and when on top, then every header and part as text, with download and copy.
 */
export function OriginalPage() {
  const { messageId } = useParams();
  const id = Number(messageId);
  const { t, i18n } = useTranslation('message');
  const state = useOriginal(id);

  if (state.kind === 'loading') {
    return <LoadingBlock label={t('original.loading')} />;
  }
  if (state.kind === 'failed') {
    return (
      <section>
        <h1 className="mb-4 text-2xl font-semibold text-gray-900">{t('original.title')}</h1>
        <p
          role="alert"
          className="rounded-xl border border-gray-200 bg-white px-6 py-12 text-center text-gray-700"
        >
          {state.error ?? t('notFound')}
        </p>
      </section>
    );
  }

  const { message, source } = state;
  const date = new Date(message.sentAt ?? message.receivedAt);
  const summary: [string, string][] = [
    [t('original.messageId'), message.messageId ?? ''],
    [
      t('original.created'),
      Number.isNaN(date.getTime())
        ? ''
        : new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long', timeStyle: 'medium' }).format(
            date,
          ),
    ],
    [t('fields.from'), message.from || message.fromAddress],
    [t('fields.to'), (message.to.length > 0 ? message.to : message.toAddresses).join(', ')],
    [t('original.subject'), message.subject],
  ];

  async function copy() {
    try {
      await navigator.clipboard.writeText(source);
      toast.success(t('original.copied'));
    } catch {
      toast.error(t('original.copyError'));
    }
  }

  async function download() {
    try {
      await downloadOriginal(message.id, message.subject);
    } catch (failure) {
      toast.error(messageOf(failure, t('original.downloadError')));
    }
  }

  return (
    <section className="min-w-0">
      <h1 className="mb-4 text-2xl font-semibold text-gray-900">{t('original.title')}</h1>
      <div className="rounded-xl border border-gray-200 bg-white px-5 py-5 shadow-sm sm:px-8">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {summary.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-gray-500">{label}</dt>
              <dd className="min-w-0 break-words text-gray-800">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button onClick={() => void download()}>{t('original.download')}</Button>
          <Button variant="secondary" onClick={() => void copy()}>
            {t('original.copy')}
          </Button>
        </div>
      </div>
      <pre
        aria-label={t('original.sourceLabel')}
        tabIndex={0}
        className="mt-4 max-w-full overflow-x-auto rounded-xl border border-gray-200 bg-white p-4 font-mono text-xs leading-5 break-all whitespace-pre-wrap text-gray-800"
      >
        {source}
      </pre>
    </section>
  );
}
