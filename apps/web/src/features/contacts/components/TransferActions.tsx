import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactFileFormat } from '@postline/shared/contacts';
import { Button } from '@/components/ui/Button';
import { toast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-error';
import { saveTextFile } from '@/lib/save-file';
import { useContactWrites } from '../queries';

/** The file's format by its name, else by its first line. */
function formatOf(file: File, text: string): ContactFileFormat | null {
  if (/\.(vcf|vcard)$/i.test(file.name) || /^\uFEFF?BEGIN:VCARD/i.test(text)) return 'vcard';
  if (/\.csv$/i.test(file.name)) return 'csv';
  return null;
}

/** Import from a vCard or CSV file, and export every contact as either. */
export function TransferActions() {
  const { t } = useTranslation('contacts');
  const { importFile, exportFile } = useContactWrites();
  const picker = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'import' | ContactFileFormat | null>(null);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const text = await file.text();
    const format = formatOf(file, text);
    if (!format) {
      toast.error(t('errors.fileType'));
      return;
    }
    setBusy('import');
    try {
      const result = await importFile(format, text);
      toast.success(t('toast.imported', result));
    } catch (error) {
      toast.error(messageOf(error, t('errors.import')));
    } finally {
      setBusy(null);
    }
  }

  async function onExport(format: ContactFileFormat) {
    setBusy(format);
    try {
      const file = await exportFile(format);
      saveTextFile(file.content, file.fileName, file.mediaType);
      toast.success(t('toast.exported', { fileName: file.fileName }));
    } catch (error) {
      toast.error(messageOf(error, t('errors.export')));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <input
        ref={picker}
        type="file"
        accept=".vcf,.vcard,.csv,text/vcard,text/csv"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="contacts-import-file"
        onChange={(event) => void onFile(event)}
      />
      <Button variant="secondary" isLoading={busy === 'import'} onClick={() => picker.current?.click()}>
        {t('actions.import')}
      </Button>
      <Button variant="secondary" isLoading={busy === 'vcard'} onClick={() => void onExport('vcard')}>
        {t('actions.exportVcard')}
      </Button>
      <Button variant="secondary" isLoading={busy === 'csv'} onClick={() => void onExport('csv')}>
        {t('actions.exportCsv')}
      </Button>
    </>
  );
}
