import { useTranslation } from 'react-i18next';
import type { Message } from '@postline/shared/messages';
import { useEffect, useRef, type ReactNode } from 'react';
import { PaperclipIcon } from '@/components/ui/icons';
import { formatFullDate } from '@/lib/dates';
import { SenderWarnings, VerifiedSender } from './SenderTrust';

/**
 * Subject, from, to, cc (only when there is any), date and the number of attachments;
 * `senderActions` go beside the sender (the message page's Unsubscribe).
 */
export function MessageMeta({ message, senderActions }: { message: Message; senderActions?: ReactNode }) {
  const { t, i18n } = useTranslation('message');
  const heading = useRef<HTMLHeadingElement>(null);
  // A message that opens is where the keyboard and a screen reader continue (issue 34), not the
  // link or key that opened it; an answer dialog opening with it takes the focus after this.
  useEffect(() => heading.current?.focus(), [message.id]);
  // <bdi>: a right-to-left override in the name must not show the real address reversed.
  const sender = message.fromName?.trim() ? (
    <>
      <bdi>{message.fromName.trim()}</bdi> {`<${message.fromAddress}>`}
    </>
  ) : (
    message.from || message.fromAddress
  );
  const to = message.to.length > 0 ? message.to : message.toAddresses;
  const cc = message.cc.length > 0 ? message.cc : message.ccAddresses;
  const rows: [string, string, ReactNode][] = [
    [
      'from',
      t('fields.from'),
      <>
        {sender}
        <VerifiedSender authentication={message.authentication} />
        {senderActions}
      </>,
    ],
    ['to', t('fields.to'), to.join(', ')],
  ];
  if (cc.length > 0) rows.push(['cc', t('fields.cc'), cc.join(', ')]);
  rows.push(['date', t('fields.date'), formatFullDate(message.receivedAt, i18n.resolvedLanguage)]);

  return (
    <header className="border-b border-gray-100 pb-4">
      <h1
        ref={heading}
        tabIndex={-1}
        className="text-xl font-semibold break-words text-gray-900 outline-none sm:text-2xl"
      >
        {message.subject.trim() || t('noSubject')}
      </h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([key, label, value]) => (
          <div key={key} className="contents" data-testid={`meta-${key}`}>
            <dt className="text-gray-500">{label}</dt>
            <dd className="min-w-0 break-words text-gray-800">{value}</dd>
          </div>
        ))}
      </dl>
      {message.attachmentCount > 0 && (
        <p className="mt-3 inline-flex items-center gap-1.5 text-sm text-gray-600">
          <PaperclipIcon size={15} />
          {t('fields.attachments', { count: message.attachmentCount })}
        </p>
      )}
      <SenderWarnings
        authentication={message.authentication}
        fromAddress={message.fromAddress}
        fromName={message.fromName}
      />
    </header>
  );
}
