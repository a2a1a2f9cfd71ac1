import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';
import { Popover } from './Popover';

function Sorting({ onOpen }: { onOpen?: () => void }) {
  return (
    <>
      <p>목록</p>
      <Popover trigger="정렬" onOpen={onOpen} panelProps={{ role: 'region', 'aria-label': '정렬 방법' }}>
        {({ close }) => (
          <button type="button" onClick={close}>
            제목
          </button>
        )}
      </Popover>
    </>
  );
}

const trigger = () => screen.getByRole('button', { name: '정렬' });
const panel = () => screen.queryByRole('region', { name: '정렬 방법' });

describe('Popover', () => {
  it('opens on a click, says so on the button and tells whoever asked', async () => {
    const onOpen = vi.fn();
    render(<Sorting onOpen={onOpen} />);
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger());
    expect(panel()).toBeInTheDocument();
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(trigger()).toHaveAttribute('aria-controls', panel()?.id);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('closes on a click outside, and not on a click inside', async () => {
    render(<Sorting />);
    await userEvent.click(trigger());
    await userEvent.click(screen.getByRole('region', { name: '정렬 방법' }));
    expect(panel()).toBeInTheDocument();
    await userEvent.click(screen.getByText('목록'));
    expect(panel()).not.toBeInTheDocument();
  });

  it('closes on Escape and puts focus back on its button', async () => {
    render(<Sorting />);
    await userEvent.click(trigger());
    await userEvent.click(screen.getByRole('button', { name: '제목' }));
    expect(panel()).not.toBeInTheDocument();

    await userEvent.click(trigger());
    await userEvent.tab();
    expect(screen.getByRole('button', { name: '제목' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(panel()).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
  });

  it('takes the Escape for itself inside a dialog: the dialog stays open', async () => {
    const onClose = vi.fn();
    render(
      <Modal open onClose={onClose} title="메일 검색">
        <Sorting />
      </Modal>,
    );
    await userEvent.click(trigger());
    await userEvent.keyboard('{Escape}');
    expect(panel()).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
