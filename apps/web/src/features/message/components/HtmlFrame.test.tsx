import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { resetApiClientState } from '@/lib/api-client';
import { ok, serveApi } from '@/test/fake-api';
import { WithQueryClient } from '@/test/render';
import { HtmlFrame } from './HtmlFrame';

const NEWSLETTER = '<p>이번 달 소식</p><img src="https://images.example/banner.png" alt="배너">';

afterEach(async () => {
  resetApiClientState();
  await i18next.changeLanguage('ko');
});

/** A server that keeps the list of senders as the real one does: PUT adds, DELETE removes. */
function senderList(initial: string[]) {
  let addresses = [...initial];
  const seen = serveApi((request) => {
    const address = decodeURIComponent(request.url.split('/').pop() ?? '');
    if (request.method === 'PUT') addresses = [...addresses, address];
    if (request.method === 'DELETE') addresses = addresses.filter((a) => a !== address);
    return ok({ addresses });
  });
  return { seen, addresses: () => addresses };
}

function frame(sender: { address: string; trusted: boolean }) {
  return render(
    <WithQueryClient>
      <HtmlFrame html={NEWSLETTER} attachments={[]} sender={sender} />
    </WithQueryClient>,
  );
}

/** Whether the frame the reader sees lets remote images load (its Content-Security-Policy). */
const imagesLoad = () =>
  (document.querySelector('iframe[title]:not([title=""])')?.getAttribute('srcdoc') ?? '').includes(
    'img-src https: http:',
  );

describe('HtmlFrame: always show images from a sender (issue 34)', () => {
  it('keeps the sender on the server, shows the images, and offers to ask first again', async () => {
    await i18next.changeLanguage('en');
    const server = senderList([]);
    frame({ address: 'News@Corp.example', trusted: true });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Always show images from news@corp.example' }),
    );
    await waitFor(() => expect(server.addresses()).toEqual(['news@corp.example']));
    expect(screen.queryByText('Remote images are blocked to protect your privacy.')).toBeNull();
    expect(imagesLoad()).toBe(true);
    expect(screen.getByTestId('remote-images-note')).toHaveTextContent(
      'Images from news@corp.example are always shown.',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Ask first next time' }));
    await waitFor(() => expect(server.addresses()).toEqual([]));
    expect(await screen.findByText('Remote images are blocked to protect your privacy.')).toBeVisible();
    expect(imagesLoad()).toBe(false);
  });

  it('still offers to always show them after showing them once', async () => {
    await i18next.changeLanguage('en');
    const server = senderList([]);
    frame({ address: 'news@corp.example', trusted: true });
    await userEvent.click(await screen.findByRole('button', { name: /^Show images$/ }));
    expect(imagesLoad()).toBe(true);
    expect(server.addresses()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Always show images from news@corp.example' }));
    expect(await screen.findByText('Images from news@corp.example are always shown.')).toBeVisible();
    expect(server.addresses()).toEqual(['news@corp.example']);
  });

  it('shows a listed sender’s images without asking', async () => {
    senderList(['news@corp.example']);
    frame({ address: 'news@corp.example', trusted: true });
    expect(await screen.findByTestId('remote-images-note')).toHaveTextContent(
      'news@corp.example에서 온 메일의 이미지는 항상 표시됩니다.',
    );
    expect(screen.queryByTestId('images-blocked')).toBeNull();
    expect(imagesLoad()).toBe(true);
  });

  it('asks every time for mail whose sender the checks on arrival doubt, even a listed one', async () => {
    senderList(['news@corp.example']);
    frame({ address: 'news@corp.example', trusted: false });
    expect(await screen.findByText('개인정보 보호를 위해 외부 이미지를 차단했습니다.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /항상 표시/ })).toBeNull();
    expect(imagesLoad()).toBe(false);
  });
});
