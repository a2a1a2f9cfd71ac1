import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './Field';

describe('Field', () => {
  it('names its control by the label and says nothing more while all is well', () => {
    render(<Field label="이름">{(control) => <input {...control} />}</Field>);
    const input = screen.getByRole('textbox', { name: '이름' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('marks the control invalid and describes it by its errors, then its hint', () => {
    render(
      <Field
        label="내용"
        hint="{{name}} 처럼 변수를 쓸 수 있습니다."
        errors={['내용을 입력해 주세요.', '너무 깁니다.']}
      >
        {(control) => <textarea {...control} />}
      </Field>,
    );
    const textarea = screen.getByRole('textbox', { name: '내용' });
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveAccessibleDescription(
      '내용을 입력해 주세요. 너무 깁니다. {{name}} 처럼 변수를 쓸 수 있습니다.',
    );
  });

  it('takes a single message as well as a list', () => {
    render(
      <Field label="필터 이름" errors="필터 이름을 입력해 주세요." required>
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: '필터 이름' });
    expect(input).toHaveAccessibleDescription('필터 이름을 입력해 주세요.');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('counts the characters used against the limit', () => {
    const { rerender } = render(
      <Field label="제목" counter={{ length: 0, max: 200 }}>
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByText('0/200')).toBeInTheDocument();
    rerender(
      <Field label="제목" counter={{ length: 12, max: 200 }} errors={[]}>
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByText('12/200')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '제목' })).not.toHaveAttribute('aria-invalid');
  });
});
