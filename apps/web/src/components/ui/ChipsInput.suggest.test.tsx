import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ChipSuggestion, SuggestRecipients } from './chip-suggestions';
import { ChipsInput } from './ChipsInput';

const MINJI: ChipSuggestion = {
  key: 'c1',
  label: '김민지',
  detail: 'minji@example.com',
  values: ['김민지 <minji@example.com>'],
};
const MINJUN: ChipSuggestion = {
  key: 'c2',
  label: '김민준',
  detail: 'minjun@example.com',
  values: ['김민준 <minjun@example.com>'],
};
const TEAM: ChipSuggestion = {
  key: 'g1',
  label: '디자인팀',
  groupSize: 2,
  values: ['김민지 <minji@example.com>', '김민준 <minjun@example.com>'],
};

/** Answers by what the query starts with, as the server does. */
const suggest: SuggestRecipients = async (query) => {
  if (/^(ㄱ|김)/.test(query)) return [MINJI, MINJUN];
  if (query.startsWith('디')) return [TEAM];
  return [];
};

function Recipients({ fetcher = suggest }: { fetcher?: SuggestRecipients }) {
  const [values, setValues] = useState<string[]>([]);
  return (
    <>
      <ChipsInput label="받는 사람" values={values} onChange={setValues} suggest={fetcher} />
      <output data-testid="values">{values.join(' | ')}</output>
    </>
  );
}

const values = () => screen.getByTestId('values');

describe('ChipsInput suggestions', () => {
  it('lists suggestions as a combobox and adds the one chosen with the arrow keys and Enter', async () => {
    render(<Recipients />);
    const input = screen.getByRole('combobox', { name: '받는 사람' });
    await userEvent.type(input, 'ㄱㅁㅈ');
    const list = await screen.findByRole('listbox', { name: '추천 받는 사람' });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      '김민지minji@example.com',
      '김민준minjun@example.com',
    ]);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');

    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await userEvent.keyboard('{ArrowDown}{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await userEvent.keyboard('{Enter}');
    expect(values()).toHaveTextContent(/^김민준 <minjun@example.com>$/);
    expect(input).toHaveValue('');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('adds a suggestion on a click, keeping the focus in the field', async () => {
    render(<Recipients />);
    const input = screen.getByRole('combobox', { name: '받는 사람' });
    await userEvent.type(input, '김');
    await userEvent.click(await screen.findByRole('option', { name: /김민지/ }));
    expect(values()).toHaveTextContent(/^김민지 <minji@example.com>$/);
    expect(input).toHaveFocus();
    expect(input).toHaveValue('');
  });

  it('adds every member of a group picked by its name', async () => {
    render(<Recipients />);
    await userEvent.type(screen.getByRole('combobox', { name: '받는 사람' }), '디자');
    const option = await screen.findByRole('option', { name: /디자인팀/ });
    expect(option).toHaveTextContent('그룹 · 2명');
    await userEvent.keyboard('{Enter}');
    expect(values()).toHaveTextContent('김민지 <minji@example.com> | 김민준 <minjun@example.com>');
  });

  it('closes on Escape, and Enter then adds what was typed', async () => {
    render(<Recipients />);
    const input = screen.getByRole('combobox', { name: '받는 사람' });
    await userEvent.type(input, '김');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, 'lee@example.com{Enter}');
    expect(values()).toHaveTextContent(/^lee@example.com$/);
  });

  it('leaves an address typed whole to Enter, even with suggestions shown', async () => {
    const fetcher = vi.fn<SuggestRecipients>(async () => [MINJI]);
    render(<Recipients fetcher={fetcher} />);
    const input = screen.getByRole('combobox', { name: '받는 사람' });
    await userEvent.type(input, 'mi@example.com');
    await screen.findByRole('listbox');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{Enter}');
    expect(values()).toHaveTextContent(/^mi@example.com$/);
    expect(fetcher).toHaveBeenLastCalledWith('mi@example.com', expect.any(AbortSignal));
  });

  it('takes the suggestion, not the open syllable, on Enter while a Korean IME is composing', async () => {
    render(<Recipients />);
    const input = screen.getByRole('combobox', { name: '받는 사람' });
    input.focus();
    fireEvent.compositionStart(input);
    fireEvent.change(input, { target: { value: 'ㄱㅁ' } });
    fireEvent.change(input, { target: { value: 'ㄱㅁㅈ' } });
    await screen.findByRole('listbox');
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true, keyCode: 229 });
    expect(values()).toHaveTextContent(/^김민지 <minji@example.com>$/);
    // The IME then commits its syllable: it must not come back into the box or become a chip.
    fireEvent.change(input, { target: { value: 'ㅈ' } });
    fireEvent.compositionEnd(input, { data: 'ㅈ' });
    fireEvent.change(input, { target: { value: 'ㅈ' } });
    await waitFor(() => expect(input).toHaveValue(''));
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(values()).toHaveTextContent(/^김민지 <minji@example.com>$/);
    expect(screen.queryByTestId('refused-chip')).not.toBeInTheDocument();
    // Typing goes on as usual after the syllable.
    await userEvent.type(input, 'jun@example.com{Enter}');
    expect(values()).toHaveTextContent('김민지 <minji@example.com> | jun@example.com');
  });

  it('takes a clicked suggestion mid-composition, dropping the syllable', async () => {
    render(<Recipients />);
    const input = screen.getByRole('combobox', { name: '받는 사람' });
    input.focus();
    fireEvent.compositionStart(input);
    fireEvent.change(input, { target: { value: '김민' } });
    const option = await screen.findByRole('option', { name: /김민준/ });
    fireEvent.mouseDown(option);
    fireEvent.click(option);
    fireEvent.compositionEnd(input, { data: '민' });
    fireEvent.change(input, { target: { value: '민' } });
    await waitFor(() => expect(input).toHaveValue(''));
    expect(values()).toHaveTextContent(/^김민준 <minjun@example.com>$/);
  });

  it('ends only the syllable on Enter while composing with no suggestion chosen', async () => {
    render(<Recipients fetcher={async () => []} />);
    const input = screen.getByRole('combobox', { name: '받는 사람' });
    fireEvent.compositionStart(input);
    fireEvent.change(input, { target: { value: '이' } });
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true, keyCode: 229 });
    expect(values()).toHaveTextContent(/^$/);
    expect(screen.queryByTestId('refused-chip')).not.toBeInTheDocument();
    expect(input).toHaveValue('이');
  });
});
