import {
  checkComposeFile,
  COMPOSE_FILE_RULES,
  exceedsComposeFileCount,
  type FileCheckError,
  type FileRules,
} from '@postline/shared/attachment-rules';
import { uniqueFileName } from '@postline/shared/file-names';

export interface PlannedUpload {
  file: File;
  name: string;
}

export interface RefusedFile {
  file: File;
  reason: FileCheckError;
}

export interface UploadPlan {
  accepted: PlannedUpload[];
  refused: RefusedFile[];
  /** The files that passed the checks would take the message past COMPOSE_MAX_FILES. */
  tooMany: boolean;
}

/**
 * SPEC §5 before a byte is sent: each file alone (size, type), then the count of what would be
 * attached (completed, waiting and failed files together). Past the count, none of the selection
 * is taken, so the message stays as it was. Names already in use get " (1)", " (2)", ...
 */
export function planUploads(
  files: readonly File[],
  current: { count: number; names: readonly string[] },
  rules: FileRules = COMPOSE_FILE_RULES,
): UploadPlan {
  const refused: RefusedFile[] = [];
  const fitting: File[] = [];
  for (const file of files) {
    const reason = checkComposeFile(file, rules);
    if (reason) refused.push({ file, reason });
    else fitting.push(file);
  }
  if (fitting.length > 0 && exceedsComposeFileCount(current.count, fitting.length)) {
    return { accepted: [], refused, tooMany: true };
  }
  const taken = [...current.names];
  const accepted = fitting.map((file) => {
    // macOS hands over Korean names decomposed; the server keeps them composed.
    const name = uniqueFileName(file.name.normalize('NFC'), taken);
    taken.push(name);
    return { file, name };
  });
  return { accepted, refused, tooMany: false };
}
