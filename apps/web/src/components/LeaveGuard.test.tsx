import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { currentLocation, renderScreen } from '@/test/render';
import { LeaveGuard } from './LeaveGuard';

/** A form of its own with a guard: the texts are what that form's caller would translate. */
function GuardedField({ label, leaving }: { label: string; leaving: string }) {
  const [value, setValue] = useState('');
  const allowLeave = useRef(false);
  return (
    <>
      <label>
        {label}
        <input value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      <button
        type="button"
        onClick={() => {
          allowLeave.current = true;
        }}
      >
        {`${label} 저장됨`}
      </button>
      <LeaveGuard
        when={value !== ''}
        allowRef={allowLeave}
        title={leaving}
        confirmLabel="나가기"
        cancelLabel="머무르기"
      />
    </>
  );
}

/** A screen with two guarded forms side by side, opened from the inbox. */
function openTwoForms() {
  const page = (
    <>
      <Link to="/mailbox/inbox">받은편지함</Link>
      <GuardedField label="필터 이름" leaving="필터를 저장하지 않고 나갈까요?" />
      <GuardedField label="서명 이름" leaving="서명을 저장하지 않고 나갈까요?" />
    </>
  );
  return renderScreen('/settings', '/settings', page, ['/mailbox/inbox']).router;
}

const dialog = () => screen.findByRole('alertdialog');

describe('LeaveGuard with several forms on one screen', () => {
  it('lets links through while every form is clean', async () => {
    openTwoForms();
    await userEvent.click(screen.getByRole('link', { name: '받은편지함' }));
    await waitFor(() => expect(currentLocation()).toBe('/mailbox/inbox'));
  });

  it('asks when any one form has changes, in that form’s words; cancel stays, confirm leaves', async () => {
    openTwoForms();
    await userEvent.type(screen.getByLabelText('서명 이름'), '업무용');
    await userEvent.click(screen.getByRole('link', { name: '받은편지함' }));
    expect(await dialog()).toHaveAccessibleName('서명을 저장하지 않고 나갈까요?');
    await userEvent.click(within(await dialog()).getByRole('button', { name: '머무르기' }));
    expect(currentLocation()).toBe('/settings');
    expect(screen.getByLabelText('서명 이름')).toHaveValue('업무용');

    await userEvent.click(screen.getByRole('link', { name: '받은편지함' }));
    await userEvent.click(within(await dialog()).getByRole('button', { name: '나가기' }));
    await waitFor(() => expect(currentLocation()).toBe('/mailbox/inbox'));
  });

  it('holds Back while one form is dirty, even after the other has been let go', async () => {
    const router = openTwoForms();
    await userEvent.type(screen.getByLabelText('필터 이름'), '광고');
    await userEvent.type(screen.getByLabelText('서명 이름'), '업무용');
    await userEvent.click(screen.getByRole('button', { name: '필터 이름 저장됨' }));

    await act(async () => void router.navigate(-1));
    expect(await dialog()).toHaveAccessibleName('서명을 저장하지 않고 나갈까요?');
    await userEvent.click(within(await dialog()).getByRole('button', { name: '머무르기' }));
    expect(currentLocation()).toBe('/settings');

    await userEvent.click(screen.getByRole('button', { name: '서명 이름 저장됨' }));
    await act(async () => void router.navigate(-1));
    await waitFor(() => expect(currentLocation()).toBe('/mailbox/inbox'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('does not ask for a change of the query on the same page', async () => {
    const router = openTwoForms();
    await userEvent.type(screen.getByLabelText('필터 이름'), '광고');
    await act(async () => void router.navigate('/settings?tab=2'));
    await waitFor(() => expect(currentLocation()).toBe('/settings?tab=2'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
