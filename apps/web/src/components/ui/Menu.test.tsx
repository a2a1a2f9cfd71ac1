import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Menu } from './Menu';

function renderMenu() {
  const rename = vi.fn();
  const remove = vi.fn();
  render(
    <>
      <p>메일함 목록</p>
      <Menu
        label="메일함 관리 프로젝트"
        icon="…"
        items={[
          { label: '이름 변경', onSelect: rename },
          { label: '이동', onSelect: () => {} },
          { label: '삭제', onSelect: remove, tone: 'danger' },
        ]}
      />
    </>,
  );
  return { rename, remove };
}

const button = () => screen.getByRole('button', { name: '메일함 관리 프로젝트' });
const item = (name: string) => screen.getByRole('menuitem', { name });

describe('Menu', () => {
  it('is a menu button whose menu starts on its first item', async () => {
    renderMenu();
    expect(button()).toHaveAttribute('aria-haspopup', 'menu');
    await userEvent.click(button());
    expect(screen.getByRole('menu', { name: '메일함 관리 프로젝트' })).toBeInTheDocument();
    expect(screen.getAllByRole('menuitem')).toHaveLength(3);
    expect(item('이름 변경')).toHaveFocus();
  });

  it('moves between items with the arrows, Home and End, wrapping round', async () => {
    renderMenu();
    await userEvent.click(button());
    await userEvent.keyboard('{ArrowDown}');
    expect(item('이동')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(item('이름 변경')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(item('삭제')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(item('이름 변경')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(item('삭제')).toHaveFocus();
  });

  it('picks an item with Enter and closes', async () => {
    const { remove } = renderMenu();
    await userEvent.click(button());
    await userEvent.keyboard('{End}{Enter}');
    expect(remove).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens from the keyboard with ArrowDown and closes on Escape, focus back on the button', async () => {
    renderMenu();
    button().focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(item('이름 변경')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button()).toHaveFocus();
  });

  it('closes on Tab and on a click outside', async () => {
    renderMenu();
    await userEvent.click(button());
    await userEvent.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button()).toHaveFocus();

    await userEvent.click(button());
    await userEvent.click(screen.getByText('메일함 목록'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
