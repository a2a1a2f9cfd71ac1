import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { replySubject } from '@postline/shared/message-requests';
import type { Message } from '@postline/shared/messages';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';
import { toast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-error';
import { sendReply } from '../api/reply';

interface ReplyModalProps {
  open: boolean;
  message: Message;
  /** Reply all: everyone on the original but me. */
  all: boolean;
  onClose: () => void;
  onSent: () => void;
}

type Field = 'subject' | 'body';

const inputClass =
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none';

/** Reply and reply all (SPEC §2): subject prefilled with 'Re: ' unless it has one; both required. */
export function ReplyModal({ open, message, all, onClose, onSent }: ReplyModalProps) {
  const { t } = useTranslation('messageDetail');
  const formId = useId();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!open) return;
    setSubject(replySubject(message.subject));
    setBody('');
    setErrors({});
  }, [open, message.subject]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!subject.trim()) found.subject = t('reply.subjectRequired');
    if (!body.trim()) found.body = t('reply.bodyRequired');
    setErrors(found);
    if (found.subject || found.body) return;
    setSending(true);
    try {
      await sendReply({ originalMessageId: message.id, subject: subject.trim(), bodyText: body }, all);
      toast.success(t('reply.sent'));
      onSent();
    } catch (error) {
      toast.error(`${t('reply.error')} ${messageOf(error)}`);
    } finally {
      setSending(false);
    }
  }

  const field = (name: Field) => ({
    id: `${formId}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${formId}-${name}-error` : undefined,
  });
  const fieldError = (name: Field) =>
    errors[name] && (
      <p id={`${formId}-${name}-error`} role="alert" className="mt-1 text-sm text-red-600">
        {errors[name]}
      </p>
    );

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      title={all ? t('reply.replyAllTitle') : t('reply.title')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('reply.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={sending}>
            {sending ? t('reply.sending') : t('reply.send')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {!all && (
          <p className="text-sm text-gray-600">
            {t('reply.recipient', { address: message.replyTo ?? message.fromAddress })}
          </p>
        )}
        <div>
          <label htmlFor={`${formId}-subject`} className="mb-1 block text-sm font-medium text-gray-700">
            {t('reply.subject')}
          </label>
          <input
            {...field('subject')}
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
            className={`${inputClass} ${errors.subject ? 'border-red-400' : 'border-gray-300'}`}
          />
          {fieldError('subject')}
        </div>
        <div>
          <label htmlFor={`${formId}-body`} className="mb-1 block text-sm font-medium text-gray-700">
            {t('reply.body')}
          </label>
          <textarea
            {...field('body')}
            rows={8}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            className={`${inputClass} ${errors.body ? 'border-red-400' : 'border-gray-300'}`}
          />
          {fieldError('body')}
        </div>
      </form>
    </Modal>
  );
}
