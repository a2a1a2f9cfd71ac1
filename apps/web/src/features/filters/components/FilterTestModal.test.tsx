import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FilterPreview } from '@postline/shared/filters';
import { resetApiClientState } from '@/lib/api-client';
import { ok, serveApi } from '@/test/fake-api';
import { WithQueryClient } from '@/test/render';
import { FilterTestModal } from './FilterTestModal';

afterEach(() => resetApiClientState());

const actions = [
  { actionType: 'MOVE_TO_FOLDER' as const, actionValue: '12', description: '폴더로 이동: 장애 대응' },
  { actionType: 'MARK_READ' as const, actionValue: null, description: '읽음으로 표시' },
];

function open(preview: FilterPreview) {
  const seen = serveApi((request) => (request.url === '/filters/3/preview' ? ok(preview) : ok(null)));
  render(
    <WithQueryClient>
      <FilterTestModal filterId={3} onClose={() => undefined} />
    </WithQueryClient>,
  );
  return seen;
}

describe('FilterTestModal (issue 34)', () => {
  it("shows which of the user's newest Inbox mail the filter would match, and what it would do", async () => {
    open({
      source: 'INBOX',
      scanned: 3,
      matches: [
        {
          messageId: 41,
          sampleId: null,
          subject: '결제 서버 장애',
          fromAddress: 'alerts@monitoring.example.com',
          fromName: '모니터링',
          receivedAt: '2026-11-23T13:52:00Z',
        },
      ],
      appliedActions: actions,
    });
    expect(
      await screen.findByText('받은편지함의 최근 메일 3통 중 1통이 이 필터에 맞습니다.'),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: '필터에 맞는 메일' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('결제 서버 장애 · 모니터링');
    expect(
      screen.getByText('맞는 메일에 실행될 동작: 폴더로 이동: 장애 대응, 읽음으로 표시'),
    ).toBeInTheDocument();
    // The samples stay, to run one with its reasons.
    expect(screen.getAllByRole('radio')).toHaveLength(5);
  });

  it('says it used the samples for a user without mail yet', async () => {
    open({ source: 'SAMPLES', scanned: 5, matches: [], appliedActions: actions });
    expect(
      await screen.findByText('아직 받은 메일이 없어 샘플 메일 5통으로 확인했습니다. 0통이 맞습니다.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '필터에 맞는 메일' })).not.toBeInTheDocument();
  });
});
