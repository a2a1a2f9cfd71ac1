import { useRef, useState } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';

export interface UnsavedChangesTexts {
  title: string;
  message?: string | undefined;
  keepLabel: string;
  saveLabel: string;
  discardLabel: string;
}

interface UnsavedChangesDialogProps extends UnsavedChangesTexts {
  open: boolean;
  onKeep: () => void;
  /** Saves; the dialog shows it working and stays while it does. */
  onSave: () => Promise<unknown>;
  onDiscard: () => Promise<unknown> | void;
}

/**
 * The question before writing is left (issue 34): keep writing, save a draft, or discard. Focus
 * starts on "keep writing", the choice that loses nothing; Escape and the backdrop mean it too.
 */
export function UnsavedChangesDialog({
  open,
  title,
  message,
  keepLabel,
  saveLabel,
  discardLabel,
  onKeep,
  onSave,
  onDiscard,
}: UnsavedChangesDialogProps) {
  const keepRef = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState<'save' | 'discard' | null>(null);

  async function run(which: 'save' | 'discard', work: () => Promise<unknown> | void) {
    setBusy(which);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal
      open={open}
      onClose={onKeep}
      role="alertdialog"
      size="sm"
      title={title}
      description={message}
      initialFocusRef={keepRef}
      footer={
        <>
          <Button ref={keepRef} variant="secondary" onClick={onKeep} disabled={busy !== null}>
            {keepLabel}
          </Button>
          <Button
            variant="danger"
            isLoading={busy === 'discard'}
            disabled={busy !== null}
            onClick={() => void run('discard', onDiscard)}
          >
            {discardLabel}
          </Button>
          <Button
            isLoading={busy === 'save'}
            disabled={busy !== null}
            onClick={() => void run('save', onSave)}
          >
            {saveLabel}
          </Button>
        </>
      }
    />
  );
}
