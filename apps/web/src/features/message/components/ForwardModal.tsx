import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { forwardSubject } from '@postline/shared/subjects';
import type { Message } from '@postline/shared/messages';
import { Button } from '@/components/ui/Button';
import { ChipsInput } from '@/components/ui/ChipsInput';
import { Modal } from '@/components/ui/Modal';
import { toast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-error';
import { forwardMessage } from '../api/forward';

interface ForwardModalProps {
  open: boolean;
  message: Message;
  onClose: () => void;
  onSent: () => void;
}

const inputClass =
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none';

/** Forward (SPEC §2): to and cc as chips, subject with 'Fwd: ', an optional note; to and subject required. */
export function ForwardModal({ open, message, onClose, onSent }: ForwardModalProps) {
  const { t } = useTranslation('messageDetail');
  const formId = useId();
  const [to, setTo] = useState<string[]>([]);
  const [cc, setCc] = useState<string[]>([]);
  const [showCc, setShowCc] = useState(false);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [subjectError, setSubjectError] = useState(false);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!open) return;
    setTo([]);
    setCc([]);
    setShowCc(false);
    setSubject(forwardSubject(message.subject));
    setBody('');
    setSubjectError(false);
  }, [open, message.subject]);

  const invalidEmail = () => toast.error(t('forward.invalidEmail'));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (to.length === 0) {
      toast.error(t('forward.toRequired'));
      return;
    }
    if (!subject.trim()) {
      setSubjectError(true);
      return;
    }
    setSending(true);
    try {
      await forwardMessage({
        originalMessageId: message.id,
        toAddresses: to,
        ccAddresses: cc,
        subject: subject.trim(),
        bodyText: body,
      });
      toast.success(t('forward.sent'));
      onSent();
    } catch (error) {
      toast.error(`${t('forward.error')} ${messageOf(error)}`);
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      title={t('forward.title')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('reply.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={sending}>
            {t('forward.send')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <ChipsInput
          label={t('forward.to')}
          values={to}
          onChange={setTo}
          placeholder={t('forward.recipientPlaceholder')}
          invalidMessage={t('forward.invalidEmail')}
          onInvalid={invalidEmail}
        />
        {showCc ? (
          <ChipsInput
            label={t('forward.cc')}
            values={cc}
            onChange={setCc}
            invalidMessage={t('forward.invalidEmail')}
            onInvalid={invalidEmail}
          />
        ) : (
          <button
            type="button"
            onClick={() => setShowCc(true)}
            className="text-sm font-medium text-brand-600 hover:underline"
          >
            {t('forward.showCc')}
          </button>
        )}
        <div>
          <label htmlFor={`${formId}-subject`} className="mb-1 block text-sm font-medium text-gray-700">
            {t('forward.subject')}
          </label>
          <input
            id={`${formId}-subject`}
            value={subject}
            onChange={(event) => {
              setSubject(event.target.value);
              setSubjectError(false);
            }}
            aria-invalid={subjectError || undefined}
            aria-describedby={subjectError ? `${formId}-subject-error` : undefined}
            className={`${inputClass} ${subjectError ? 'border-red-400' : 'border-gray-300'}`}
          />
          {subjectError && (
            <p id={`${formId}-subject-error`} role="alert" className="mt-1 text-sm text-red-600">
              {t('forward.subjectRequired')}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${formId}-body`} className="mb-1 block text-sm font-medium text-gray-700">
            {t('forward.body')}
          </label>
          <textarea
            id={`${formId}-body`}
            rows={6}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            className={`${inputClass} border-gray-300`}
          />
        </div>
        <p className="text-xs text-gray-500">{t('forward.originalNote')}</p>
      </form>
    </Modal>
  );
}
