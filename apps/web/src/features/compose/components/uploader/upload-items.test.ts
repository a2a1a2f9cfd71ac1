import { describe, expect, it } from 'vitest';
import {
  batchProgress,
  initialUploadState,
  uploadReducer,
  type UploadAction,
  type UploadState,
} from './upload-items';

const fileA = new File(['aaaa'], 'a.txt', { type: 'text/plain' });
const fileB = new File(['bb'], 'b.txt', { type: 'text/plain' });

function run(actions: UploadAction[], from: UploadState = initialUploadState): UploadState {
  return actions.reduce(uploadReducer, from);
}

const added: UploadAction = {
  type: 'added',
  entries: [
    { key: 'a', sequence: 1, file: fileA, name: 'a.txt' },
    { key: 'b', sequence: 2, file: fileB, name: 'b.txt' },
  ],
};

describe('upload items (SPEC §4)', () => {
  it('starts pending, then uploads with growing progress', () => {
    let state = run([added]);
    expect(state.items.map((item) => [item.key, item.status, item.progress])).toEqual([
      ['a', 'pending', 0],
      ['b', 'pending', 0],
    ]);
    state = run(
      [
        { type: 'started', key: 'a' },
        { type: 'progressed', key: 'a', progress: 0.4 },
      ],
      state,
    );
    expect(state.items[0]).toMatchObject({ status: 'uploading', progress: 0.4 });
    // A late, smaller report never moves the bar backwards.
    state = uploadReducer(state, { type: 'progressed', key: 'a', progress: 0.2 });
    expect(state.items[0]?.progress).toBe(0.4);
  });

  it('leaves the list on success and counts it done', () => {
    const state = run([added, { type: 'started', key: 'a' }, { type: 'succeeded', key: 'a' }]);
    expect(state.items.map((item) => item.key)).toEqual(['b']);
    expect(state.batch).toEqual({ total: 2, done: 1 });
  });

  it('keeps a failed upload with its message, then retries it as pending', () => {
    let state = run([
      added,
      { type: 'started', key: 'a' },
      { type: 'progressed', key: 'a', progress: 0.7 },
      { type: 'failed', key: 'a', error: '네트워크 연결을 확인해 주세요.', retryable: true },
    ]);
    expect(state.items[0]).toMatchObject({
      key: 'a',
      status: 'error',
      progress: 0,
      error: '네트워크 연결을 확인해 주세요.',
      retryable: true,
    });

    state = uploadReducer(state, { type: 'retried', key: 'a' });
    expect(state.items[0]).toMatchObject({ status: 'pending', error: null });
    state = run(
      [
        { type: 'started', key: 'a' },
        { type: 'succeeded', key: 'a' },
      ],
      state,
    );
    expect(state.items.map((item) => item.key)).toEqual(['b']);
  });

  it('retries with a file picked again under the same name', () => {
    const again = new File(['fixed'], 'a.txt', { type: 'text/plain' });
    const state = run([
      added,
      { type: 'started', key: 'a' },
      { type: 'failed', key: 'a', error: 'x', retryable: false },
      { type: 'retried', key: 'a', file: again },
    ]);
    expect(state.items[0]).toMatchObject({ status: 'pending', file: again, name: 'a.txt' });
  });

  it('ignores moves that do not fit the state', () => {
    const pending = run([added]);
    expect(uploadReducer(pending, { type: 'succeeded', key: 'a' })).toBe(pending);
    expect(uploadReducer(pending, { type: 'retried', key: 'a' })).toBe(pending);
    expect(uploadReducer(pending, { type: 'removed', key: 'a' })).toBe(pending);
    expect(uploadReducer(pending, { type: 'started', key: 'missing' })).toBe(pending);
  });

  it('removes a failed item only', () => {
    const state = run([
      added,
      { type: 'started', key: 'a' },
      { type: 'failed', key: 'a', error: 'x', retryable: true },
    ]);
    expect(uploadReducer(state, { type: 'removed', key: 'a' }).items.map((item) => item.key)).toEqual(['b']);
  });

  it('sums the run: whole files done plus the share of those on their way', () => {
    let state = run([added, { type: 'started', key: 'a' }, { type: 'progressed', key: 'a', progress: 0.5 }]);
    expect(batchProgress(state)).toBeCloseTo(0.25);
    state = run(
      [
        { type: 'succeeded', key: 'a' },
        { type: 'started', key: 'b' },
      ],
      state,
    );
    expect(batchProgress(state)).toBeCloseTo(0.5);
    // Files added while others run join the same run; after an idle moment a new run starts.
    state = uploadReducer(state, {
      type: 'added',
      entries: [{ key: 'c', sequence: 3, file: fileA, name: 'c.txt' }],
    });
    expect(state.batch).toEqual({ total: 3, done: 1 });
    state = run(
      [
        { type: 'succeeded', key: 'b' },
        { type: 'started', key: 'c' },
        { type: 'succeeded', key: 'c' },
      ],
      state,
    );
    state = uploadReducer(state, {
      type: 'added',
      entries: [{ key: 'd', sequence: 4, file: fileB, name: 'd.txt' }],
    });
    expect(state.batch).toEqual({ total: 1, done: 0 });
  });
});
