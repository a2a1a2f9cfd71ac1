import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@/lib/i18n';
import { quotedReplyBody, replyQuoteHeading } from '@postline/shared/mail-dates';
import { replySubject } from '@postline/shared/subjects';
import type { Message } from '@postline/shared/messages';
import { replyRecipients } from '@postline/shared/reply-rules';
import { Button } from '@/components/ui/Button';
import { ChipsInput } from '@/components/ui/ChipsInput';
import { Modal } from '@/components/ui/Modal';
import { toast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-error';
import { sendReply } from '../api/reply';

interface ReplyModalProps {
  open: boolean;
  message: Message;
  /** Reply all: everyone on the original but me. */
  all: boolean;
  /** The signed-in user's address: never among the recipients of their own reply. */
  myAddress: string;
  onClose: () => void;
  onSent: () => void;
}

type Field = 'to' | 'subject' | 'body';

const inputClass =
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none';

/** The quote below the cursor: "On {date}, {sender} wrote:" and the original, each line with "> ". */
function replyBody(message: Message, language: string): string {
  const sender = message.fromName ? `${message.fromName} <${message.fromAddress}>` : message.fromAddress;
  const when = new Date(message.sentAt ?? message.receivedAt);
  const heading = replyQuoteHeading(when, sender, isLanguage(language) ? language : 'ko');
  return quotedReplyBody(message.bodyText, heading);
}

/**
 * Reply and reply all (SPEC §2): who gets it as chips the user can change (To, and Cc for reply
 * all), the subject with 'Re: ', and the original quoted below the cursor, as every mail client does.
 */
export function ReplyModal({ open, message, all, myAddress, onClose, onSent }: ReplyModalProps) {
  const { t, i18n } = useTranslation('messageDetail');
  const formId = useId();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const [to, setTo] = useState<string[]>([]);
  const [cc, setCc] = useState<string[]>([]);
  const [showCc, setShowCc] = useState(false);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!open) return;
    const recipients = replyRecipients(message, myAddress, all);
    setTo(recipients.to);
    setCc(recipients.cc);
    setShowCc(recipients.cc.length > 0);
    setSubject(replySubject(message.subject));
    setBody(replyBody(message, i18n.resolvedLanguage ?? i18n.language));
    setErrors({});
    // Only when the dialog opens: a language switch meanwhile must not throw away what was typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, message.id, all, myAddress]);

  // Once the quote is in, the cursor goes above it, where the answer is written.
  const placeCursor = useRef(false);
  useEffect(() => {
    if (open) placeCursor.current = true;
  }, [open, message.id]);
  useLayoutEffect(() => {
    const area = bodyRef.current;
    if (!placeCursor.current || !area || body === '') return;
    placeCursor.current = false;
    area.setSelectionRange(0, 0);
    area.scrollTop = 0;
  }, [body]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (to.length === 0) found.to = t('forward.toRequired');
    if (!subject.trim()) found.subject = t('reply.subjectRequired');
    if (!body.trim()) found.body = t('reply.bodyRequired');
    setErrors(found);
    if (found.to || found.subject || found.body) return;
    setSending(true);
    try {
      await sendReply(
        {
          originalMessageId: message.id,
          toAddresses: to,
          ccAddresses: cc,
          subject: subject.trim(),
          bodyText: body,
        },
        all,
      );
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
  const chips = {
    placeholder: t('forward.recipientPlaceholder'),
    invalidMessage: t('forward.invalidEmail'),
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      initialFocusRef={bodyRef}
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
        <div>
          <div className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              <ChipsInput label={t('forward.to')} values={to} onChange={setTo} {...chips} />
            </div>
            {!showCc && (
              <button
                type="button"
                onClick={() => setShowCc(true)}
                className="mt-7 rounded-md px-2 py-1 text-sm font-medium text-brand-600 hover:bg-brand-50"
              >
                {t('forward.showCc')}
              </button>
            )}
          </div>
          {fieldError('to')}
        </div>
        {showCc && <ChipsInput label={t('forward.cc')} values={cc} onChange={setCc} {...chips} />}
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
            ref={bodyRef}
            rows={10}
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
