/**
 * The upload items of SPEC §4: pending, then uploading, then either success (the item leaves this
 * list and the parent receives the attachment) or error (kept with a failed notice until the user
 * retries or removes it).
 */
export type UploadStatus = 'pending' | 'uploading' | 'error';

export interface UploadItem {
  key: string;
  /** Where the file was in the order of picking, which the finished list keeps. */
  sequence: number;
  file: File;
  /** The name it is uploaded under: file.name, or a renamed duplicate. */
  name: string;
  status: UploadStatus;
  /** Share of the bytes sent, 0..1. */
  progress: number;
  error: string | null;
  /** Whether trying again could help (a dropped connection, a busy server; not a refused file). */
  retryable: boolean;
}

export interface UploadState {
  items: UploadItem[];
  /** Files in the current run of uploads (since the uploader was last idle), and how many succeeded. */
  batch: { total: number; done: number };
}

export type UploadAction =
  | { type: 'added'; entries: { key: string; sequence: number; file: File; name: string }[] }
  | { type: 'started'; key: string }
  | { type: 'progressed'; key: string; progress: number }
  | { type: 'succeeded'; key: string }
  | { type: 'failed'; key: string; error: string; retryable: boolean }
  /** Again with the same bytes, or with a file the user picked anew under the same name. */
  | { type: 'retried'; key: string; file?: File }
  | { type: 'removed'; key: string };

export const initialUploadState: UploadState = { items: [], batch: { total: 0, done: 0 } };

export function isActive(item: UploadItem): boolean {
  return item.status === 'pending' || item.status === 'uploading';
}

/** A new run starts counting from zero; a running one grows. */
function growBatch(state: UploadState, by: number): UploadState['batch'] {
  const running = state.items.some(isActive);
  return running ? { ...state.batch, total: state.batch.total + by } : { total: by, done: 0 };
}

function update(
  state: UploadState,
  key: string,
  change: (item: UploadItem) => UploadItem | null,
): UploadState {
  let changed = false;
  const items = state.items.flatMap((item) => {
    if (item.key !== key) return [item];
    const next = change(item);
    if (next !== item) changed = true;
    return next ? [next] : [];
  });
  return changed ? { ...state, items } : state;
}

export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  switch (action.type) {
    case 'added':
      if (action.entries.length === 0) return state;
      return {
        batch: growBatch(state, action.entries.length),
        items: [
          ...state.items,
          ...action.entries.map((entry): UploadItem => ({
            ...entry,
            status: 'pending',
            progress: 0,
            error: null,
            retryable: false,
          })),
        ],
      };
    case 'started':
      return update(state, action.key, (item) =>
        item.status === 'pending' ? { ...item, status: 'uploading', progress: 0 } : item,
      );
    case 'progressed':
      return update(state, action.key, (item) =>
        item.status === 'uploading' ? { ...item, progress: Math.max(item.progress, action.progress) } : item,
      );
    case 'succeeded': {
      const next = update(state, action.key, (item) => (item.status === 'uploading' ? null : item));
      if (next === state) return state;
      return { ...next, batch: { ...next.batch, done: next.batch.done + 1 } };
    }
    case 'failed':
      return update(state, action.key, (item) =>
        item.status === 'uploading'
          ? { ...item, status: 'error', progress: 0, error: action.error, retryable: action.retryable }
          : item,
      );
    case 'retried': {
      const target = state.items.find((item) => item.key === action.key);
      if (target?.status !== 'error') return state;
      const batch = growBatch(state, 1);
      return {
        ...update(state, action.key, (item) => ({
          ...item,
          file: action.file ?? item.file,
          status: 'pending',
          error: null,
          progress: 0,
        })),
        batch,
      };
    }
    case 'removed':
      return update(state, action.key, (item) => (item.status === 'error' ? null : item));
  }
}

/** The run's overall share done, counting finished files whole and running ones by their bytes. */
export function batchProgress(state: UploadState): number {
  const { total, done } = state.batch;
  if (total === 0) return 0;
  const partial = state.items.reduce((sum, item) => sum + (isActive(item) ? item.progress : 0), 0);
  return Math.min(1, (done + partial) / total);
}
