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

  it('refuses an invalid address with the invalidEmail text and keeps it for fixing', async () => {
    const onInvalid = vi.fn();
    render(<Recipients onInvalid={onInvalid} />);
    const input = screen.getByLabelText('받는 사람');
    await userEvent.type(input, 'not-an-address{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('올바른 이메일 주소를 입력해 주세요.');
    expect(onInvalid).toHaveBeenCalledWith('not-an-address');
    expect(input).toHaveValue('not-an-address');
    expect(screen.getByTestId('values')).toHaveTextContent(/^kim@example.com$/);
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

  it('keeps invalid text in the field with the invalidEmail state when the field is left', async () => {
    const onInvalid = vi.fn();
    render(<Recipients onInvalid={onInvalid} />);
    const input = screen.getByLabelText('받는 사람');
    await userEvent.type(input, 'lee@example');
    await userEvent.tab();
    expect(input).toHaveValue('lee@example');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('올바른 이메일 주소를 입력해 주세요.');
    expect(onInvalid).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('values')).toHaveTextContent(/^kim@example.com$/);

    // Coming back and leaving again without a change does not repeat the complaint.
    await userEvent.click(input);
    await userEvent.tab();
    expect(onInvalid).toHaveBeenCalledTimes(1);
    expect(input).toHaveValue('lee@example');
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

  it('splits a pasted list on semicolons and new lines, taking addresses out of names', async () => {
    render(<Recipients />);
    await userEvent.click(screen.getByLabelText('받는 사람'));
    await userEvent.paste('이준 <jun@example.com>; lee@example.com\npark@example.com');
    expect(screen.getByTestId('values')).toHaveTextContent(
      'kim@example.com jun@example.com lee@example.com park@example.com',
    );
  });
});
