import { useTranslation } from 'react-i18next';
import type { MessageAuthentication } from '@postline/shared/messages';
import { AlertIcon, ShieldCheckIcon } from '@/components/ui/icons';

/** The small check next to a sender whose domain proved it sent the mail (DMARC pass). */
export function VerifiedSender({ authentication }: { authentication: MessageAuthentication | null }) {
  const { t } = useTranslation('message');
  if (!authentication?.verified || authentication.warnings.length > 0) return null;
  const domain = authentication.dmarc.domain ?? '';
  return (
    <span
      className="ml-1.5 inline-flex items-center gap-0.5 align-middle text-xs font-medium text-emerald-700"
      title={t('trust.verifiedTitle', { domain })}
      data-testid="sender-verified"
    >
      <ShieldCheckIcon size={15} />
      {t('trust.verified')}
    </span>
  );
}

/**
 * Why this sender may not be who they say (issues 15 and 32): a failed DMARC check, this server's
 * own domain claimed from outside (in From or Sender), or a display name that is another address or
 * names another domain. Shown above the body.
 */
export function SenderWarnings({
  authentication,
  fromAddress,
  fromName,
}: {
  authentication: MessageAuthentication | null;
  fromAddress: string;
  fromName: string | null;
}) {
  const { t } = useTranslation('message');
  if (!authentication || authentication.warnings.length === 0) return null;
  const domain = fromAddress.slice(fromAddress.lastIndexOf('@') + 1);
  // Isolated (FSI…PDI, UAX #9): a right-to-left override in the name must not turn the sentence round.
  const name = fromName ? `\u2068${fromName}\u2069` : '';
  return (
    <div
      role="note"
      aria-label={t('trust.warningLabel')}
      className="mt-4 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      data-testid="sender-warning"
    >
      <span className="mt-0.5 shrink-0 text-amber-600">
        <AlertIcon size={18} />
      </span>
      <ul className="space-y-1">
        {authentication.warnings.map((warning) => (
          <li key={warning}>{t(`trust.${warning}`, { domain, address: fromAddress, name })}</li>
        ))}
      </ul>
    </div>
  );
}
