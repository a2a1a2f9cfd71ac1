import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChipsInput } from '@/components/ui/ChipsInput';
import { toast } from '@/components/ui/toast';
import { suggestRecipients } from '@/lib/resources/contacts';
import { useComposeForm } from '../hooks/use-compose-form';

/**
 * To, and Cc and Bcc once asked for (or once they hold addresses): Enter or a comma adds one, or a
 * suggestion from the contacts (a group adds its members). Cc
 * and Bcc take the focus when asked for (issue 34); `toId` names To's input for the composer.
 */
export function RecipientFields({ toId }: { toId?: string }) {
  const { t } = useTranslation('compose');
  const { to, cc, bcc, setTo, setCc, setBcc } = useComposeForm();
  const [showCc, setShowCc] = useState(false);
  const [showBcc, setShowBcc] = useState(false);
  const invalid = () => toast.error(t('toast.invalidEmail'));
  const common = {
    placeholder: t('fields.recipientPlaceholder'),
    invalidMessage: t('toast.invalidEmail'),
    onInvalid: invalid,
    // Contacts, groups and people in the user's mail as they type (issue 36).
    suggest: suggestRecipients,
  };

  return (
    <div className="space-y-3">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <ChipsInput label={t('fields.to')} values={to} onChange={setTo} id={toId} {...common} />
        </div>
        <div className="flex gap-1 pt-7">
          {!(showCc || cc.length > 0) && (
            <button
              type="button"
              onClick={() => setShowCc(true)}
              aria-label={t('fields.addCc')}
              className="rounded-md px-2 py-1 text-sm font-medium text-brand-600 hover:bg-brand-50"
            >
              {t('fields.showCc')}
            </button>
          )}
          {!(showBcc || bcc.length > 0) && (
            <button
              type="button"
              onClick={() => setShowBcc(true)}
              aria-label={t('fields.addBcc')}
              className="rounded-md px-2 py-1 text-sm font-medium text-brand-600 hover:bg-brand-50"
            >
              {t('fields.showBcc')}
            </button>
          )}
        </div>
      </div>
      {(showCc || cc.length > 0) && (
        <ChipsInput label={t('fields.cc')} values={cc} onChange={setCc} autoFocus={showCc} {...common} />
      )}
      {(showBcc || bcc.length > 0) && (
        <ChipsInput label={t('fields.bcc')} values={bcc} onChange={setBcc} autoFocus={showBcc} {...common} />
      )}
    </div>
  );
}
