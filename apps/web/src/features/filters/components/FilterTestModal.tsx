import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterPreview, FilterTestResult } from '@postline/shared/filters';
import { FILTER_TEST_SAMPLES } from '@postline/shared/filter-samples';
import { Button } from '@/components/ui/Button';
import { ErrorBanner } from '@/components/ui/ErrorBanner';
import { Modal } from '@/components/ui/Modal';
import { messageOf } from '@/lib/api-error';
import { formatDate } from '@/lib/dates';
import { testFilter } from '../api/test-filter';
import { useFilterPreview } from '../queries';

interface FilterTestModalProps {
  filterId: number;
  onClose: () => void;
}

/**
 * SPEC §2 test modal: which of the user's own recent mail the saved filter matches (issue 34: what
 * "apply to existing mail" would take; the samples for a user with none yet), and a run against one
 * of the five sample e-mails, with its reasons.
 */
export function FilterTestModal({ filterId, onClose }: FilterTestModalProps) {
  const { t, i18n } = useTranslation('filters');
  const [sampleId, setSampleId] = useState<string | null>(null);
  const [result, setResult] = useState<FilterTestResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isRunning, setRunning] = useState(false);

  async function run() {
    const sample = FILTER_TEST_SAMPLES.find((s) => String(s.id) === sampleId);
    if (!sample) {
      setError(t('filterTest.selectMessage'));
      return;
    }
    setError(null);
    setResult(null);
    setRunning(true);
    try {
      setResult(await testFilter(filterId, sample));
    } catch (failure) {
      setError(`${t('errors.test')} ${messageOf(failure)}`);
    } finally {
      setRunning(false);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={t('filterTest.title')}
      description={t('filterTest.intro')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('filterTest.close')}
          </Button>
          <Button isLoading={isRunning} onClick={() => void run()}>
            {isRunning ? t('filterTest.running') : t('filterTest.run')}
          </Button>
        </>
      }
    >
      <p className="mb-3 text-xs text-gray-500">{t('filterTest.savedVersion')}</p>
      <RecentMailPreview filterId={filterId} />
      <fieldset>
        <legend className="sr-only">{t('filterTest.samples')}</legend>
        <ul className="space-y-2">
          {FILTER_TEST_SAMPLES.map((sample) => {
            const id = String(sample.id);
            const checked = sampleId === id;
            return (
              <li key={id}>
                <label
                  className={clsx(
                    'flex cursor-pointer gap-3 rounded-lg border px-3 py-2 text-sm',
                    checked ? 'border-brand-500 bg-brand-50' : 'border-gray-200 hover:bg-gray-50',
                  )}
                >
                  <input
                    type="radio"
                    name="filter-test-sample"
                    value={id}
                    checked={checked}
                    onChange={() => {
                      setSampleId(id);
                      setResult(null);
                      setError(null);
                    }}
                    className="mt-1 accent-brand-500"
                  />
                  <span className="min-w-0">
                    <span className="block font-medium text-gray-900">{sample.subject}</span>
                    <span className="block text-gray-600">
                      {sample.fromName ? `${sample.fromName} <${sample.fromAddress}>` : sample.fromAddress}
                    </span>
                    <span className="block text-xs text-gray-500">
                      {[
                        formatDate(sample.receivedAt, i18n.language),
                        t('filterTest.importance', { level: t(`importance.${sample.importance}`) }),
                        sample.hasAttachments
                          ? t('filterTest.attachments', { names: (sample.attachmentNames ?? []).join(', ') })
                          : t('filterTest.noAttachments'),
                      ].join(' · ')}
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>

      {error && (
        <div className="mt-3">
          <ErrorBanner message={error} />
        </div>
      )}
      {result && <TestResult result={result} />}
    </Modal>
  );
}

function TestResult({ result }: { result: FilterTestResult }) {
  const { t } = useTranslation('filters');
  const ref = useRef<HTMLElement>(null);
  // The result appears below the five samples, out of sight in a short window.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [result]);
  return (
    <section
      ref={ref}
      aria-labelledby="filter-test-result"
      aria-live="polite"
      className={clsx(
        'mt-4 rounded-lg border px-4 py-3 text-sm',
        result.matched ? 'border-green-200 bg-green-50' : 'border-gray-200 bg-gray-50',
      )}
    >
      <h3
        id="filter-test-result"
        className={clsx('text-base font-semibold', result.matched ? 'text-green-800' : 'text-gray-800')}
      >
        {result.matched ? t('filterTest.matched') : t('filterTest.notMatched')}
      </h3>
      <p className="mt-1">
        <span className="font-medium">{t('filterTest.reason')}: </span>
        {result.reason}
      </p>
      <h4 className="mt-3 font-medium">{t('filterTest.matchedConditions')}</h4>
      {result.matchedConditions.length === 0 ? (
        <p className="text-gray-500">{t('filterTest.none')}</p>
      ) : (
        <ul aria-label={t('filterTest.matchedConditions')} className="list-disc pl-5">
          {result.matchedConditions.map((c, i) => (
            <li key={`${c.conditionType}-${i}`}>{c.description}</li>
          ))}
        </ul>
      )}
      {result.failedCondition && (
        <p className="mt-2 text-gray-700">
          <span className="font-medium">{t('filterTest.failedCondition')}: </span>
          {result.failedCondition.description}
        </p>
      )}
      <h4 className="mt-3 font-medium">{t('filterTest.appliedActions')}</h4>
      {result.appliedActions.length === 0 ? (
        <p className="text-gray-500">{t('filterTest.none')}</p>
      ) : (
        <ol aria-label={t('filterTest.appliedActions')} className="list-decimal pl-5">
          {result.appliedActions.map((a, i) => (
            <li key={`${a.actionType}-${i}`}>{a.description}</li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The filter on the newest Inbox mail: how many would match, which, and what it would do to them. */
function RecentMailPreview({ filterId }: { filterId: number }) {
  const { t, i18n } = useTranslation('filters');
  const preview = useFilterPreview(filterId);
  const data: FilterPreview | undefined = preview.data;
  return (
    <section
      aria-labelledby="filter-preview"
      className="mb-4 rounded-lg border border-gray-200 px-4 py-3 text-sm"
    >
      <h3 id="filter-preview" className="font-semibold text-gray-900">
        {t('filterTest.preview.title')}
      </h3>
      {preview.isError ? (
        <p className="mt-1 text-red-700">{`${t('errors.test')} ${messageOf(preview.error)}`}</p>
      ) : !data ? (
        <p className="mt-1 text-gray-500">{t('filterTest.preview.loading')}</p>
      ) : (
        <>
          <p className="mt-1 text-gray-700" role="status">
            {t(data.source === 'INBOX' ? 'filterTest.preview.inbox' : 'filterTest.preview.samples', {
              scanned: data.scanned,
              count: data.matches.length,
            })}
          </p>
          {data.matches.length > 0 && (
            <>
              <ul aria-label={t('filterTest.preview.matches')} className="mt-2 space-y-1">
                {data.matches.map((match) => (
                  <li key={match.messageId ?? match.sampleId} className="text-gray-800">
                    <span className="font-medium">{match.subject}</span>
                    <span className="text-gray-500">
                      {' · '}
                      {match.fromName ?? match.fromAddress} · {formatDate(match.receivedAt, i18n.language)}
                    </span>
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-gray-700">
                {t('filterTest.preview.actions', {
                  actions: data.appliedActions.map((a) => a.description).join(', '),
                })}
              </p>
            </>
          )}
        </>
      )}
    </section>
  );
}
