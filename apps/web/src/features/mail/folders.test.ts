import { describe, expect, it } from 'vitest';
import { folder } from '@/test/mail-fixtures';
import { flattenFolders, isMoveTarget } from './folders';

describe('the folders mail may be moved into by hand', () => {
  it('are all but Sent, Drafts and Scheduled (the server refuses those)', () => {
    const tree = [
      folder({ id: 1, type: 'INBOX' }),
      folder({ id: 2, type: 'SENT' }),
      folder({ id: 3, type: 'DRAFTS' }),
      folder({ id: 4, type: 'SCHEDULED' }),
      folder({ id: 5, type: 'TRASH' }),
      folder({ id: 6, type: 'ARCHIVE' }),
      folder({ id: 7, type: 'CUSTOM', children: [folder({ id: 8, type: 'CUSTOM' })] }),
    ];
    const offered = flattenFolders(tree)
      .filter(({ folder: f }) => isMoveTarget(f))
      .map(({ folder: f }) => f.id);
    expect(offered).toEqual([1, 5, 6, 7, 8]);
  });
});
