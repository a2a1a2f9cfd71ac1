import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '@postline/shared/attachments';
import type { Invitation, InvitationPerson } from '@postline/shared/messages';
import { Button } from '@/components/ui/Button';
import { CalendarIcon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { downloadAttachment } from '../api/download-attachment';
import { invitationWhen } from '../invitation-time';

const KNOWN_METHODS = ['REQUEST', 'CANCEL', 'REPLY', 'PUBLISH'] as const;
const KNOWN_STATUSES = ['ACCEPTED', 'DECLINED', 'TENTATIVE', 'NEEDS-ACTION', 'DELEGATED'] as const;

function nameOf(person: InvitationPerson): string {
  return person.name ? `${person.name} <${person.address}>` : person.address;
}

/** The .ics the user can save: the message's calendar file. */
export function calendarFileOf(attachments: Attachment[]): Attachment | undefined {
  return attachments.find(
    (a) => a.contentType.toLowerCase().startsWith('text/calendar') || /\.ics$/i.test(a.originalFilename),
  );
}

/**
 * The card above an invitation's body (issue 12): what, when in the reader's own time zone and
 * language, where, who organises and who is asked (with their answers so far), and the .ics.
 */
export function InvitationCard({
  invitation,
  attachments,
}: {
  invitation: Invitation;
  attachments: Attachment[];
}) {
  const { t, i18n } = useTranslation('message');
  const [downloading, setDownloading] = useState(false);
  const method = (KNOWN_METHODS as readonly string[]).includes(invitation.method)
    ? invitation.method
    : 'PUBLISH';
  const cancelled = method === 'CANCEL';
  const when = invitationWhen(invitation, i18n.resolvedLanguage);
  const file = calendarFileOf(attachments);

  async function download(target: Attachment) {
    setDownloading(true);
    try {
      await downloadAttachment(target.id, target.originalFilename);
    } catch {
      toast.error(t('toast.downloadError'));
    } finally {
      setDownloading(false);
    }
  }

  const rows: [string, string][] = [];
  if (when) rows.push([t('invitation.when'), when]);
  if (invitation.location) rows.push([t('invitation.where'), invitation.location]);
  if (invitation.organizer) rows.push([t('invitation.organizer'), nameOf(invitation.organizer)]);

  return (
    <section
      aria-label={t('invitation.label')}
      className="mt-5 rounded-xl border border-brand-100 bg-brand-50/60 p-4 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <span className="mt-0.5 text-brand-600" aria-hidden="true">
          <CalendarIcon />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">
            {t(`invitation.method.${method}`)}
          </p>
          <h2
            className={`mt-0.5 text-lg font-semibold break-words text-gray-900 ${cancelled ? 'line-through' : ''}`}
          >
            {invitation.title || t('invitation.untitled')}
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-gray-500">{label}</dt>
                <dd className="min-w-0 break-words text-gray-800">{value}</dd>
              </div>
            ))}
          </dl>
          {invitation.attendees.length > 0 && (
            <div className="mt-3 text-sm">
              <h3 className="text-gray-500">
                {t('invitation.attendees', { count: invitation.attendees.length })}
              </h3>
              <ul className="mt-1 space-y-0.5">
                {invitation.attendees.map((person) => (
                  <li key={person.address} className="break-words text-gray-800">
                    {nameOf(person)}
                    {person.status && (KNOWN_STATUSES as readonly string[]).includes(person.status) && (
                      <span className="ml-2 text-xs text-gray-500">
                        {t(`invitation.status.${person.status}`)}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {file && (
            <Button
              variant="secondary"
              size="sm"
              className="mt-4"
              isLoading={downloading}
              onClick={() => void download(file)}
            >
              {t('invitation.download')}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
