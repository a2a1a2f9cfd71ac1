import type { FormEvent, ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { ErrorBanner } from './ErrorBanner';
import { Modal, type ModalProps } from './Modal';

interface FormModalProps extends Pick<ModalProps, 'title' | 'onClose' | 'size' | 'initialFocusRef'> {
  open?: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Saving: the submit button spins and takes no second click. */
  busy: boolean;
  /** Why the last submit failed; the dialog stays open to show it. */
  error?: string | null;
  /** Shown instead of the form while it cannot be filled in (loading, failed to load). */
  placeholder?: ReactNode;
  submitDisabled?: boolean;
  /** Buttons on the footer's left, before Cancel. */
  extraActions?: ReactNode;
  formClassName?: string;
  children: ReactNode;
}

/** A dialog holding one form: its fields, the reason a save failed, and Cancel and Save below. */
export function FormModal({
  open = true,
  onSubmit,
  busy,
  error,
  placeholder,
  submitDisabled,
  extraActions,
  formClassName = 'space-y-4',
  children,
  ...modal
}: FormModalProps) {
  const { t } = useTranslation('common');
  const formId = useId();
  return (
    <Modal
      open={open}
      {...modal}
      footer={
        <>
          {extraActions}
          <Button variant="secondary" onClick={modal.onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={busy} disabled={submitDisabled}>
            {t('actions.save')}
          </Button>
        </>
      }
    >
      {placeholder ?? (
        <>
          {error && <ErrorBanner message={error} />}
          <form id={formId} noValidate onSubmit={onSubmit} className={formClassName}>
            {children}
          </form>
        </>
      )}
    </Modal>
  );
}
