import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import type { MessageListItem } from '@postline/shared/messages';
import { listItem } from '../test-fixtures';
import { MessageRow, useRowTexts } from './MessageRow';

// Wednesday 12 March 2025, 15:00 local time.
const now = new Date(2025, 2, 12, 15, 0);

type RowProps = Omit<Parameters<typeof MessageRow>[0], 'texts'>;

/** A row with its texts, as MessageList gives them. */
function Row(props: RowProps) {
  return <MessageRow texts={useRowTexts()} {...props} />;
}

function renderRow(message: MessageListItem, extra: Partial<RowProps> = {}) {
  const handlers = { onToggleSelect: vi.fn(), onToggleStar: vi.fn(), onOpen: vi.fn() };
  render(
    <ul>
      <Row
        message={message}
        index={0}
        tabColumn="open"
        href={`/message/${message.id}`}
        selected={false}
        showRecipients={false}
        now={now}
        highlight={[]}
        {...handlers}
        {...extra}
      />
    </ul>,
  );
  return { row: screen.getByTestId('message-row'), ...handlers };
}

describe('MessageRow', () => {
  it.each([
    [{ fromName: '이준' }, '이준'],
    [{ fromName: null, from: 'jun@postline.local' }, 'jun@postline.local'],
    [{ fromName: '  ', from: '', fromAddress: 'addr@postline.local' }, 'addr@postline.local'],
    [{ fromName: null, from: '', fromAddress: '' }, '알 수 없는 발신자'],
  ] as const)('names the sender by display name, From, address, else unknown (%o)', (fields, shown) => {
    const { row } = renderRow(listItem(fields));
    expect(within(row).getByTestId('row-sender')).toHaveTextContent(shown);
  });

  it('shows (제목 없음) for a blank subject and a paperclip when there are attachments', () => {
    const { row } = renderRow(listItem({ subject: '  ', hasAttachments: true }));
    expect(within(row).getByTestId('row-subject')).toHaveTextContent('(제목 없음)');
    expect(within(row).getByText('첨부 파일')).toBeInTheDocument();
  });

  it('has no paperclip without attachments', () => {
    const { row } = renderRow(listItem({ hasAttachments: false }));
    expect(within(row).queryByText('첨부 파일')).not.toBeInTheDocument();
  });

  it('collapses the preview to one line', () => {
    const { row } = renderRow(listItem({ preview: '안녕하세요,\n\n  내일 회의는\r\n세 시입니다.' }));
    expect(within(row).getByTestId('row-preview')).toHaveTextContent(
      '– 안녕하세요, 내일 회의는 세 시입니다.',
    );
  });

  it.each([
    [new Date(2025, 2, 12, 9, 5), '09:05', '09:05'],
    [new Date(2025, 2, 9, 20, 0), '일요일', 'Sun'],
    [new Date(2025, 1, 1, 8, 0), '2/1', '2/1'],
  ])('shows the time of %s as HH:mm today, the weekday within a week, else M/d', async (date, ko, en) => {
    const message = listItem({ receivedAt: date.toISOString() });
    const { unmount } = render(
      <ul>
        <Row
          message={message}
          index={0}
          tabColumn="open"
          href="/message/1"
          selected={false}
          showRecipients={false}
          now={now}
          highlight={[]}
          onToggleSelect={() => {}}
          onToggleStar={() => {}}
          onOpen={() => {}}
        />
      </ul>,
    );
    expect(document.querySelector('time')).toHaveTextContent(ko);
    unmount();
    await i18next.changeLanguage('en');
    renderRow(message);
    expect(document.querySelector('time')).toHaveTextContent(en);
  });

  it('marks unread rows and sets their sender and subject in bold', () => {
    const { row } = renderRow(listItem({ isRead: false }));
    expect(row).toHaveAttribute('data-unread', 'true');
    expect(within(row).getByTestId('row-sender')).toHaveClass('font-bold');
    expect(within(row).getByTestId('row-subject')).toHaveClass('font-bold');
  });

  it('does not bold read rows', () => {
    const { row } = renderRow(listItem({ isRead: true }));
    expect(row).not.toHaveAttribute('data-unread');
    expect(within(row).getByTestId('row-subject')).not.toHaveClass('font-bold');
  });

  it('names the recipients instead of the sender in sent mail', () => {
    const { row } = renderRow(listItem({ to: ['a@x.kr', 'b@x.kr'] }), { showRecipients: true });
    expect(within(row).getByTestId('row-sender')).toHaveTextContent('받는 사람: a@x.kr, b@x.kr');
  });

  it('opens on a click, and selects and stars with its own controls, each named with the subject', async () => {
    const message = listItem({ id: 5, subject: '보고서' });
    const { onOpen, onToggleSelect, onToggleStar } = renderRow(message);
    await userEvent.click(screen.getByRole('link'));
    await userEvent.click(screen.getByRole('checkbox', { name: '메일 선택: 보고서' }));
    await userEvent.click(screen.getByRole('button', { name: '별표 표시: 보고서' }));
    expect(onOpen).toHaveBeenCalledWith(message);
    expect(onToggleSelect).toHaveBeenCalledWith(5);
    expect(onToggleStar).toHaveBeenCalledWith(message);
  });

  it('names its star after the subject, starred or not (issue 34)', () => {
    renderRow(listItem({ subject: '보고서', isStarred: true }));
    expect(screen.getByRole('button', { name: '별표 해제: 보고서' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('marks the searched words in the subject and preview, whatever their case', () => {
    const { row } = renderRow(
      listItem({ subject: '3분기 견적서 Quote', preview: '견적 금액을 확인해 주세요. quote attached' }),
      { highlight: ['quote', '견적'] },
    );
    const marks = within(row)
      .getAllByTestId('search-match')
      .map((mark) => mark.textContent);
    expect(marks).toEqual(['견적', 'Quote', '견적', 'quote']);
    expect(within(row).getByTestId('row-subject')).toHaveTextContent('3분기 견적서 Quote');
  });
});
