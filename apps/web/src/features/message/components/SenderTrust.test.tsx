import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageAuthentication } from '@postline/shared/messages';
import { fullMessage } from '@/test/mail-fixtures';
import { MessageMeta } from './MessageMeta';

const passed: MessageAuthentication = {
  spf: { result: 'pass', domain: 'partner.kr' },
  dkim: { result: 'pass', domain: 'partner.kr' },
  dmarc: { result: 'pass', domain: 'partner.kr', policy: 'reject' },
  arc: { result: 'none' },
  verified: true,
  warnings: [],
};

afterEach(() => i18next.changeLanguage('ko'));

describe('who really sent it, in the message header', () => {
  it('shows a small check next to a verified sender, and no warning', () => {
    render(
      <MessageMeta message={fullMessage({ fromAddress: 'sujin@partner.kr', authentication: passed })} />,
    );
    expect(screen.getByTestId('sender-verified')).toHaveTextContent('확인됨');
    expect(screen.getByTestId('sender-verified')).toHaveAttribute(
      'title',
      'partner.kr 도메인에서 보낸 것이 확인된 메일입니다.',
    );
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it("warns, in the reader's language, about a failed check, our own domain and a misleading name", async () => {
    const spoofed: MessageAuthentication = {
      ...passed,
      dkim: { result: 'none', domain: null },
      dmarc: { result: 'fail', domain: 'postline.local', policy: 'quarantine' },
      verified: false,
      warnings: ['dmarcFailed', 'ownDomainUnverified', 'displayNameAddress'],
    };
    const message = fullMessage({
      fromAddress: 'ceo@postline.local',
      fromName: 'ceo@bank.example',
      authentication: spoofed,
    });
    const { unmount } = render(<MessageMeta message={message} />);
    const note = screen.getByRole('note', { name: '보낸 사람 주의' });
    expect(note).toHaveTextContent('postline.local에서 보낸 메일인지 확인되지 않았습니다.');
    expect(note).toHaveTextContent('우리 조직 주소(ceo@postline.local)를 쓰지만 외부에서 왔고');
    expect(note).toHaveTextContent(
      '표시된 이름 "\u2068ceo@bank.example\u2069"은 보낸 사람의 실제 주소가 아닙니다. 실제 주소: ceo@postline.local',
    );
    expect(screen.queryByTestId('sender-verified')).not.toBeInTheDocument();
    unmount();

    await i18next.changeLanguage('en');
    render(<MessageMeta message={message} />);
    expect(screen.getByRole('note', { name: 'Sender warning' })).toHaveTextContent(
      'This mail could not be confirmed to come from postline.local.',
    );
  });

  it('names a Sender of our own and a domain in the name, and keeps a reversed name from turning the rest round', async () => {
    const reversed = '\u202eelpmaxe.knab@oec';
    const message = fullMessage({
      fromAddress: 'x@evil.example',
      fromName: reversed,
      authentication: { ...passed, warnings: ['ownDomainSender', 'displayNameAddress', 'displayNameDomain'] },
    });
    const { unmount } = render(<MessageMeta message={message} />);
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('우리 조직의 누군가를 대신해 보냈다고 하지만 외부에서 왔고');
    expect(note).toHaveTextContent(
      `표시된 이름 "\u2068${reversed}\u2069"에 보낸 사람의 것이 아닌 도메인이 들어 있습니다. 실제로 보낸 곳: evil.example (x@evil.example)`,
    );
    // The header line isolates the name, so the real address reads the right way round.
    expect(screen.getByTestId('meta-from').querySelector('bdi')).toHaveTextContent(reversed);
    expect(screen.getByTestId('meta-from')).toHaveTextContent(`${reversed} <x@evil.example>`);
    unmount();

    await i18next.changeLanguage('en');
    render(<MessageMeta message={message} />);
    expect(screen.getByRole('note')).toHaveTextContent(
      "names a domain that is not the sender's. The mail really comes from evil.example (x@evil.example).",
    );
  });

  it('shows nothing for mail written on this server', () => {
    render(<MessageMeta message={fullMessage({ authentication: null })} />);
    expect(screen.queryByTestId('sender-verified')).not.toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
