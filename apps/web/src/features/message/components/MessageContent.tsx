import type { Message } from '@postline/shared/messages';
import { paths } from '@/lib/paths';
import { AttachmentList } from './AttachmentList';
import { InvitationCard } from './InvitationCard';
import { MessageBody } from './MessageBody';

/**
 * What a message says, as the message page and each open message of a conversation show it: an
 * invitation's card, the body (remote images as the sender's trust allows) and the files.
 */
export function MessageContent({ message }: { message: Message }) {
  return (
    <>
      {message.invitation && (
        <InvitationCard invitation={message.invitation} attachments={message.attachments} />
      )}
      <div className="pt-5">
        <MessageBody
          text={message.bodyText}
          html={message.bodyHtml}
          attachments={message.attachments}
          clippedOriginalHref={message.bodyClipped ? paths.messageOriginal(message.id) : null}
          sender={{
            address: message.fromAddress,
            trusted: (message.authentication?.warnings.length ?? 0) === 0,
          }}
        />
      </div>
      <AttachmentList attachments={message.attachments.filter((attachment) => !attachment.isInline)} />
    </>
  );
}
