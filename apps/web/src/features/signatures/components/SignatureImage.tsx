import { useTranslation } from 'react-i18next';
import { isSafeImageUrl } from '../sanitize-signature';

/** The signature's image (https only) with a link that opens it on its own. */
export function SignatureImage({ url, name }: { url: string | null; name: string }) {
  const { t } = useTranslation('signatures');
  if (!isSafeImageUrl(url)) return null;
  return (
    <figure className="space-y-1">
      <img
        src={url}
        alt={t('card.imageAlt', { name })}
        referrerPolicy="no-referrer"
        loading="lazy"
        className="max-h-24 max-w-full rounded border border-gray-100 object-contain"
      />
      <figcaption>
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="text-xs text-brand-600 underline underline-offset-2"
        >
          {t('card.image')}
        </a>
      </figcaption>
    </figure>
  );
}
