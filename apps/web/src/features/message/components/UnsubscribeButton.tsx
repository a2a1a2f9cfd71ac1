import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Message } from '@postline/shared/messages';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { toast } from '@/components/ui/toast';
import { composeUrlOfMailto } from '../html-body';
import { useUnsubscribe, useUnsubscribeOffer } from '../queries';

/**
 * "Unsubscribe" beside the sender of a signed newsletter (issue 37): one click asks, a second
 * confirms. One-click lists are left by the server's request; others open the list's mailto: in
 * compose or its page in a new tab. Unsigned mail never shows it (the server offers nothing).
 */
export function UnsubscribeButton({ message }: { message: Message }) {
  const { t } = useTranslation('message');
  const navigate = useNavigate();
  const offer = useUnsubscribeOffer(message);
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState(false);
  const { mutate, isPending } = useUnsubscribe({
    onSuccess: (result) => {
      setAsking(false);
      setDone(true);
      toast.success(t('unsubscribe.done', { domain: result.domain }));
    },
    onError: (text) => {
      setAsking(false);
      toast.error(text);
    },
  });
  if (!offer?.method) return null;
  if (done) return <span className="ml-2 text-xs text-gray-500">{t('unsubscribe.requested')}</span>;

  function confirm() {
    if (!offer) return;
    if (offer.method === 'ONE_CLICK') return mutate(message.id);
    setAsking(false);
    if (offer.method === 'MAILTO' && offer.mailto) {
      const compose = composeUrlOfMailto(offer.mailto, '');
      if (compose) navigate(compose);
    } else if (offer.link) {
      window.open(offer.link, '_blank', 'noopener,noreferrer');
    }
  }

  return (
    <>
      <Button variant="secondary" size="sm" className="ml-2 align-middle" onClick={() => setAsking(true)}>
        {t('unsubscribe.button')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('unsubscribe.title', { domain: offer.domain })}
        message={t(`unsubscribe.explain.${offer.method}`, { domain: offer.domain })}
        confirmLabel={t('unsubscribe.button')}
        isLoading={isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
