import clsx from 'clsx';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signatureAccountValues, type SignatureAccount } from '@postline/shared/signature-variables';
import type { Signature } from '@postline/shared/signatures';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { SignatureIcon } from '@/components/ui/icons';
import { LoadingBlock } from '@/components/ui/Spinner';
import { toast } from '@/components/ui/toast';
import { useSignatures } from '../queries';
import { ErrorBanner } from '@/components/ui/ErrorBanner';
import { SignatureCard } from './SignatureCard';
import { SignatureFormModal } from './SignatureFormModal';

const TABS = ['all', 'PERSONAL', 'BUSINESS'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABEL_KEYS = { all: 'tabs.all', PERSONAL: 'tabs.personal', BUSINESS: 'tabs.business' } as const;

type Editor = { signature: Signature | null } | null;

/**
 * Signature management (SPEC §2): default banner, type tabs, cards, form with live preview; the
 * cards and the preview show {{name}} and {{email}} filled from `account` as recipients read them.
 */
export function SignaturesPage({ account }: { account: SignatureAccount }) {
  const { t } = useTranslation('signatures');
  const store = useSignatures();
  const values = useMemo(() => signatureAccountValues(account), [account]);
  const [tab, setTab] = useState<Tab>('all');
  const [editor, setEditor] = useState<Editor>(null);
  const [deleting, setDeleting] = useState<Signature | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  const shown = tab === 'all' ? store.signatures : store.signatures.filter((s) => s.signatureType === tab);
  const countOf = (type: Tab) =>
    type === 'all'
      ? store.signatures.length
      : store.signatures.filter((s) => s.signatureType === type).length;

  // Failures reach the banner through useSignatures; the toasts only confirm what worked.
  async function run(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      toast.success(done);
    } catch {
      // Shown in the banner.
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    setIsDeleting(true);
    await run(() => store.remove(deleting.id), t('toast.deleted'));
    setIsDeleting(false);
    setDeleting(null);
  }

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={<Button onClick={() => setEditor({ signature: null })}>{t('create')}</Button>}
      />
      {store.error && <ErrorBanner message={store.error} onClose={store.clearError} />}
      <p
        data-testid="default-signature-banner"
        className={clsx(
          'mb-4 rounded-lg border px-4 py-3 text-sm',
          store.defaultSignature
            ? 'border-brand-100 bg-brand-50 text-brand-700'
            : 'border-gray-200 bg-gray-50 text-gray-600',
        )}
      >
        {store.defaultSignature ? t('defaultBanner', { name: store.defaultSignature.name }) : t('noDefault')}
      </p>
      <div role="tablist" aria-label={t('tabs.label')} className="mb-4 flex gap-1 border-b border-gray-200">
        {TABS.map((item) => (
          <button
            key={item}
            type="button"
            role="tab"
            id={`signature-tab-${item}`}
            aria-selected={tab === item}
            aria-controls="signature-tabpanel"
            onClick={() => setTab(item)}
            className={clsx(
              '-mb-px border-b-2 px-4 py-2 text-sm font-medium transition-colors',
              tab === item
                ? 'border-brand-500 text-brand-700'
                : 'border-transparent text-gray-500 hover:text-gray-800',
            )}
          >
            {t(TAB_LABEL_KEYS[item])}
            <span className="ml-1.5 rounded-full bg-gray-100 px-1.5 text-xs text-gray-600 tabular-nums">
              {countOf(item)}
            </span>
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id="signature-tabpanel"
        aria-labelledby={`signature-tab-${tab}`}
        aria-busy={store.isLoading}
      >
        {store.isLoading && store.signatures.length === 0 ? (
          <LoadingBlock label={t('loading')} />
        ) : shown.length === 0 ? (
          <div className="rounded-xl border border-dashed border-gray-300 bg-white">
            <EmptyState icon={<SignatureIcon size={48} />} title={t('empty')} description={t('emptyHint')} />
          </div>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {shown.map((signature) => (
              <li key={signature.id} className="min-w-0">
                <SignatureCard
                  signature={signature}
                  values={values}
                  onSetDefault={(item) => void run(() => store.makeDefault(item.id), t('toast.defaultSet'))}
                  onEdit={(item) => setEditor({ signature: item })}
                  onDuplicate={(item) => void run(() => store.duplicate(item.id), t('toast.duplicated'))}
                  onDelete={setDeleting}
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      {editor && (
        <SignatureFormModal signature={editor.signature} account={account} onClose={() => setEditor(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        tone="danger"
        title={t('confirmDelete.title')}
        message={t('confirmDelete.message', { name: deleting?.name ?? '' })}
        confirmLabel={t('card.delete')}
        isLoading={isDeleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
