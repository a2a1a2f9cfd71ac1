import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ChipsInput } from './ChipsInput';

function Recipients({ onInvalid }: { onInvalid?: (value: string) => void }) {
  const [values, setValues] = useState<string[]>(['kim@example.com']);
  return (
    <>
      <ChipsInput label="받는 사람" values={values} onChange={setValues} onInvalid={onInvalid} />
      <output data-testid="values">{values.join(' ')}</output>
    </>
  );
}

describe('ChipsInput', () => {
  it('adds an address on Enter and on a comma', async () => {
    render(<Recipients />);
    const input = screen.getByLabelText('받는 사람');
    await userEvent.type(input, 'lee@example.com{Enter}park@example.kr,');
    expect(screen.getByTestId('values')).toHaveTextContent('kim@example.com lee@example.com park@example.kr');
    expect(input).toHaveValue('');
  });

  it('refuses an invalid address with the invalidEmail text, as a red chip a click takes back to fix', async () => {
    const onInvalid = vi.fn();
    render(<Recipients onInvalid={onInvalid} />);
    const input = screen.getByLabelText('받는 사람');
    await userEvent.type(input, 'not-an-address{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('올바른 이메일 주소를 입력해 주세요.');
    expect(onInvalid).toHaveBeenCalledWith('not-an-address');
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('values')).toHaveTextContent(/^kim@example.com$/);

    await userEvent.click(screen.getByRole('button', { name: 'not-an-address 고치기' }));
    expect(input).toHaveFocus();
    expect(input).toHaveValue('not-an-address');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, 'lee@example.com{Enter}');
    expect(screen.getByTestId('values')).toHaveTextContent('kim@example.com lee@example.com');
    expect(screen.queryByTestId('refused-chip')).not.toBeInTheDocument();
  });

  it('commits a typed address when the field is left, as Gmail does', async () => {
    render(<Recipients />);
    const input = screen.getByLabelText('받는 사람');
    await userEvent.type(input, 'lee@example.com');
    await userEvent.tab();
    expect(screen.getByTestId('values')).toHaveTextContent('kim@example.com lee@example.com');
    expect(input).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses invalid text once when the field is left, and Backspace takes the red chip away', async () => {
    const onInvalid = vi.fn();
    render(<Recipients onInvalid={onInvalid} />);
    const input = screen.getByLabelText('받는 사람');
    await userEvent.type(input, 'lee@example');
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'lee@example 고치기' })).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('올바른 이메일 주소를 입력해 주세요.');
    expect(onInvalid).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('values')).toHaveTextContent(/^kim@example.com$/);

    // Coming back and leaving again without a change does not repeat the complaint.
    await userEvent.click(input);
    await userEvent.tab();
    expect(onInvalid).toHaveBeenCalledTimes(1);

    await userEvent.click(input);
    await userEvent.keyboard('{Backspace}');
    expect(screen.queryByTestId('refused-chip')).not.toBeInTheDocument();
    expect(screen.getByTestId('values')).toHaveTextContent(/^kim@example.com$/);
  });

  it('removes an address with its x button', async () => {
    render(<Recipients />);
    await userEvent.click(screen.getByRole('button', { name: 'kim@example.com 삭제' }));
    expect(screen.getByTestId('values')).toBeEmptyDOMElement();
  });

  it('does not add the same address twice', async () => {
    render(<Recipients />);
    await userEvent.type(screen.getByLabelText('받는 사람'), 'kim@example.com{Enter}');
    expect(screen.getByTestId('values')).toHaveTextContent(/^kim@example.com$/);
  });

  it('splits a pasted list on semicolons and new lines, keeping the names given (issue 34)', async () => {
    render(<Recipients />);
    await userEvent.click(screen.getByLabelText('받는 사람'));
    await userEvent.paste('이준 <jun@example.com>; "Park, Sujin" <park@example.com>\nlee@example.com');
    expect(screen.getByTestId('values')).toHaveTextContent(
      'kim@example.com 이준 <jun@example.com> "Park, Sujin" <park@example.com> lee@example.com',
    );
    // The chip shows the name, with the address beside it.
    const chip = screen.getByRole('button', { name: '이준 <jun@example.com> 삭제' }).closest('li');
    expect(chip).toHaveTextContent('이준 jun@example.com');
  });

  it('does not add an address again under another name or case', async () => {
    render(<Recipients />);
    await userEvent.click(screen.getByLabelText('받는 사람'));
    await userEvent.paste('김민지 <KIM@example.com>, lee@example.com');
    expect(screen.getByTestId('values')).toHaveTextContent(/^kim@example.com lee@example.com$/);
  });

  it('never runs a refused pasted fragment into the next address (issue 34)', async () => {
    const onInvalid = vi.fn();
    render(<Recipients onInvalid={onInvalid} />);
    const input = screen.getByLabelText('받는 사람');
    await userEvent.click(input);
    await userEvent.paste('not-an-address; lee@example.com');
    expect(screen.getByRole('button', { name: 'not-an-address 고치기' })).toBeInTheDocument();
    expect(onInvalid).toHaveBeenCalledWith('not-an-address');

    // Pasted or typed next: addresses of their own, never "not-an-addresspark@example.com".
    await userEvent.paste('park@example.com, choi@example.com');
    await userEvent.click(input);
    await userEvent.type(input, 'jung@example.com{Enter}');
    expect(screen.getByTestId('values')).toHaveTextContent(
      /^kim@example.com lee@example.com park@example.com choi@example.com jung@example.com$/,
    );
    expect(screen.getAllByTestId('refused-chip').map((chip) => chip.textContent)).toEqual([
      'not-an-address×',
    ]);
  });

  it('keeps every refused entry of a paste, apart from each other', async () => {
    render(<Recipients />);
    const input = screen.getByLabelText('받는 사람');
    await userEvent.click(input);
    await userEvent.type(input, 'half');
    await userEvent.paste('foo; bar\nlee@example.com');
    expect(screen.getAllByTestId('refused-chip').map((chip) => chip.textContent)).toEqual([
      'half×',
      'foo×',
      'bar×',
    ]);
    expect(input).toHaveValue('');
    expect(screen.getByTestId('values')).toHaveTextContent(/^kim@example.com lee@example.com$/);
  });
});
