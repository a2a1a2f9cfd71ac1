import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { inputClass } from '@/components/ui/form-styles';
import { Menu } from '@/components/ui/Menu';
import { Modal } from '@/components/ui/Modal';
import { formatFullDate } from '@/lib/dates';
import {
  localInputValue,
  mondayMorning,
  nextHour,
  parseLocalInput,
  tomorrowMorning,
} from '../send-later-times';

interface SendLaterMenuProps {
  /** Sends the mail at this instant (the server checks it again). */
  onPick: (sendAt: Date) => void;
  disabled?: boolean;
}

/**
 * "Send later" beside Send (issue 36): tomorrow morning, Monday morning (8:00 in this browser's
 * zone, the user's), or a date and time of their choosing; a time already past is refused here
 * and by the server.
 */
export function SendLaterMenu({ onPick, disabled = false }: SendLaterMenuProps) {
  const { t, i18n } = useTranslation('compose');
  const [picking, setPicking] = useState(false);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const now = new Date();
  const tomorrow = tomorrowMorning(now);
  const monday = mondayMorning(now);
  const pick = (date: Date) => {
    if (!disabled) onPick(date);
  };
  return (
    <>
      <Menu
        label={t('sendLater.label')}
        icon={t('sendLater.label')}
        className="inline-flex h-10 items-center border border-gray-300 bg-white px-4 text-sm text-gray-700 hover:bg-gray-50"
        items={[
          {
            label: t('sendLater.tomorrow', { time: formatFullDate(tomorrow, language) }),
            onSelect: () => pick(tomorrowMorning()),
          },
          {
            label: t('sendLater.monday', { time: formatFullDate(monday, language) }),
            onSelect: () => pick(mondayMorning()),
          },
          { label: t('sendLater.custom'), onSelect: () => setPicking(true) },
        ]}
      />
      {picking && (
        <SendLaterDialog
          onClose={() => setPicking(false)}
          onPick={(date) => {
            setPicking(false);
            pick(date);
          }}
        />
      )}
    </>
  );
}

function SendLaterDialog({ onClose, onPick }: { onClose: () => void; onPick: (date: Date) => void }) {
  const { t } = useTranslation('compose');
  const formId = useId();
  const [value, setValue] = useState(() => localInputValue(nextHour()));
  const [error, setError] = useState<string | null>(null);

  function submit() {
    const date = parseLocalInput(value);
    if (!date) return setError(t('sendLater.invalid'));
    if (date.getTime() <= Date.now()) return setError(t('sendLater.past'));
    onPick(date);
  }

  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title={t('sendLater.customTitle')}
      description={t('sendLater.customHint')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('sendLater.cancel')}
          </Button>
          <Button type="submit" form={formId}>
            {t('sendLater.schedule')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field label={t('sendLater.when')} errors={error}>
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              className={inputClass}
              value={value}
              min={localInputValue(new Date())}
              onChange={(event) => {
                setValue(event.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
      </form>
    </Modal>
  );
}
