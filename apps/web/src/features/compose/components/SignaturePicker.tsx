import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { useSignatureInsertion } from '../hooks/use-signature-insertion';

/** Compose's signature choice (SPEC §2, §4): which signature ends this mail, or none. */
export function SignaturePicker() {
  const { t } = useTranslation('signatures');
  const selectId = useId();
  const { signatures, selectedId, choose, remove } = useSignatureInsertion();

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={selectId} className="text-sm font-medium text-gray-700">
        {t('picker.label')}
      </label>
      <select
        id={selectId}
        value={selectedId ?? ''}
        onChange={(event) => (event.target.value ? choose(Number(event.target.value)) : remove())}
        className="h-9 max-w-56 rounded-lg border border-gray-300 bg-white px-2 text-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none"
      >
        <option value="">{t('picker.none')}</option>
        {signatures.map((signature) => (
          <option key={signature.id} value={signature.id}>
            {signature.isDefault ? t('picker.defaultMark', { name: signature.name }) : signature.name}
          </option>
        ))}
      </select>
      {selectedId !== null && (
        <Button variant="ghost" size="sm" onClick={remove}>
          {t('picker.remove')}
        </Button>
      )}
    </div>
  );
}
