import { useTranslation } from 'react-i18next';
import type { Signature } from '@postline/shared/signatures';
import { Button } from '@/components/ui/Button';
import { formatDate } from '@/lib/dates';
import { SignatureImage } from './SignatureImage';
import { SignatureHtml } from './SignatureHtml';

interface SignatureCardProps {
  signature: Signature;
  /** {{name}} and {{email}} as recipients read them. */
  values?: Readonly<Record<string, string>> | undefined;
  onSetDefault: (signature: Signature) => void;
  onEdit: (signature: Signature) => void;
  onDuplicate: (signature: Signature) => void;
  onDelete: (signature: Signature) => void;
}

/** One signature (SPEC §2): name, default badge, type, date, actions, the rendered content. */
export function SignatureCard({
  signature,
  values,
  onSetDefault,
  onEdit,
  onDuplicate,
  onDelete,
}: SignatureCardProps) {
  const { t, i18n } = useTranslation('signatures');
  const titleId = `signature-${signature.id}-name`;
  const named = { name: signature.name };
  return (
    <article
      aria-labelledby={titleId}
      className={`flex h-full flex-col rounded-xl border bg-white shadow-sm ${
        signature.isDefault ? 'border-brand-500/50 ring-1 ring-brand-100' : 'border-gray-200'
      }`}
    >
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-gray-100 px-4 py-3">
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <h3 id={titleId} className="truncate font-semibold text-gray-900">
              {signature.name}
            </h3>
            {signature.isDefault && (
              <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                {t('card.default')}
              </span>
            )}
          </div>
          <p className="mt-0.5 text-xs text-gray-500">
            {t(`types.${signature.signatureType}`)} ·{' '}
            {t('card.created', { date: formatDate(signature.createdAt, i18n.resolvedLanguage) })}
          </p>
        </div>
      </header>
      <div className="flex-1 space-y-3 px-4 py-3">
        <SignatureHtml html={signature.content} values={values} />
        {signature.includeImage && <SignatureImage url={signature.imageUrl} name={signature.name} />}
      </div>
      <footer className="flex flex-wrap justify-end gap-1 border-t border-gray-100 px-3 py-2">
        {!signature.isDefault && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onSetDefault(signature)}
            aria-label={t('card.setDefaultNamed', named)}
          >
            {t('card.setDefault')}
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onEdit(signature)}
          aria-label={t('card.editNamed', named)}
        >
          {t('card.edit')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onDuplicate(signature)}
          aria-label={t('card.duplicateNamed', named)}
        >
          {t('card.duplicate')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-600 hover:bg-red-50"
          onClick={() => onDelete(signature)}
          aria-label={t('card.deleteNamed', named)}
        >
          {t('card.delete')}
        </Button>
      </footer>
    </article>
  );
}
