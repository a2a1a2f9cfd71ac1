import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetApiClientState } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { ok, serveApi } from '@/test/fake-api';
import { renderScreen } from '@/test/render';
import { GlobalShortcuts } from './GlobalShortcuts';

function page() {
  return (
    <>
      <h1>대시보드</h1>
      <input aria-label="메모" />
      <GlobalShortcuts />
    </>
  );
}

// On every path, as the signed-in layout holds it.
const open = () => renderScreen('/dashboard', '*', page());

afterEach(() => resetApiClientState());

describe('the shortcuts of every screen (issue 37)', () => {
  it('c writes a mail, g then i, s, d or t goes to that folder', async () => {
    const { router } = open();
    await userEvent.keyboard('c');
    await waitFor(() => expect(router.state.location.pathname).toBe('/compose'));
    for (const [key, folder] of [
      ['i', 'inbox'],
      ['s', 'sent'],
      ['d', 'drafts'],
      ['t', 'trash'],
    ]) {
      await userEvent.keyboard(`g${key}`);
      await waitFor(() => expect(router.state.location.pathname).toBe(`/mailbox/${folder}`));
    }
  });

  it('does nothing while typing in a field or while a Korean syllable is being composed', async () => {
    const { router } = open();
    const field = screen.getByLabelText('메모');
    await userEvent.type(field, 'cg');
    expect(field).toHaveValue('cg');
    fireEvent.keyDown(document.body, { key: 'c', isComposing: true });
    fireEvent.keyDown(document.body, { key: 'c', keyCode: 229 });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('/ goes to the inbox with its search box focused, ? lists the keys in the reader language', async () => {
    const { router } = open();
    await userEvent.keyboard('?');
    const help = await screen.findByRole('dialog', { name: '단축키' });
    expect(within(help).getByText('메일 쓰기')).toBeInTheDocument();
    expect(within(help).getByText('받은편지함으로')).toBeInTheDocument();
    // Behind an open dialog the keys are the dialog's.
    await userEvent.keyboard('c');
    expect(router.state.location.pathname).toBe('/dashboard');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.keyboard('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mailbox/inbox'));
    expect(router.state.location.state).toEqual({ focusSearch: true });
  });

  it('does nothing once the person switched them off in the settings', async () => {
    serveApi(() => ok({ undoSendSeconds: 10, conversationView: true, keyboardShortcuts: false }));
    const { router } = open();
    await waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.settings)).toMatchObject({ keyboardShortcuts: false }),
    );
    await userEvent.keyboard('cgi?');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
