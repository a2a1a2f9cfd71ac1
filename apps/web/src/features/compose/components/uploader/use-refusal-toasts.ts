import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { describeAllowedTypes, type FileRules } from '@postline/shared/attachment-rules';
import { COMPOSE_MAX_FILE_BYTES } from '@postline/shared/limits';
import { toast } from '@/components/ui/toast';
import type { RefusedFile } from './plan-uploads';

const MAX_SIZE_MB = COMPOSE_MAX_FILE_BYTES / (1024 * 1024);

/** Says which picked files were refused and why: one toast per reason, naming the files. */
export function useRefusalToasts(rules: FileRules) {
  const { t } = useTranslation('compose');
  return useCallback(
    (refused: RefusedFile[]) => {
      const byReason = new Map<RefusedFile['reason'], RefusedFile[]>();
      for (const entry of refused) byReason.set(entry.reason, [...(byReason.get(entry.reason) ?? []), entry]);
      for (const [reason, files] of byReason) {
        let message = t(`attachments.${reason}`, { max: MAX_SIZE_MB });
        // Issue 34: a refused type is told what it could have been.
        if (reason === 'invalidFileType') {
          const types = describeAllowedTypes(rules.allowedExtensions, (group) =>
            t(`attachments.typeGroups.${group}`),
          );
          message = `${message} ${t('attachments.allowedTypes', { types })}`;
        }
        const names = files.map((entry) => entry.file.name).join(', ');
        toast.error(t('attachments.refused', { message, names }));
      }
    },
    [t, rules],
  );
}
