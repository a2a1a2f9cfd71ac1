import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageBody } from './MessageBody';

afterEach(async () => {
  await i18next.changeLanguage('ko');
});

describe('MessageBody', () => {
  it('says when the server kept only part of a long body and links to the whole, in a new tab', async () => {
    await i18next.changeLanguage('en');
    render(
      <MessageBody
        text="the first part"
        html={null}
        attachments={[]}
        clippedOriginalHref="/message/7/original"
      />,
    );
    expect(screen.getByTestId('message-body')).toHaveTextContent('the first part');
    const link = screen.getByRole('link', { name: 'View entire message' });
    expect(link).toHaveAttribute('href', '/message/7/original');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('note')).toHaveTextContent('This message was too long to show in full.');
  });

  it('shows no such note for a body kept whole, in Korean by default', () => {
    render(<MessageBody text="본문" html={null} attachments={[]} />);
    expect(screen.getByTestId('message-body')).toHaveTextContent('본문');
    expect(screen.queryByTestId('body-clipped')).toBeNull();
    expect(screen.queryByRole('link', { name: '전체 메일 보기' })).toBeNull();
  });
});
