import { describe, expect, it } from 'vitest';
import { EMPTY_COMPOSE, type ComposeFields } from './hooks/use-compose-form';
import { draftProblem, sendProblem } from './validation';

const ready: ComposeFields = {
  ...EMPTY_COMPOSE,
  to: ['jun@postline.local'],
  subject: '회의 일정',
  body: '내일 세 시에 뵙겠습니다.',
};

describe('compose validation (SPEC §5)', () => {
  it('lets a complete message be sent', () => {
    expect(sendProblem(ready)).toBeNull();
  });

  it('asks for a recipient first, then a subject, then a body', () => {
    expect(sendProblem({ ...EMPTY_COMPOSE })).toBe('toRequired');
    expect(sendProblem({ ...EMPTY_COMPOSE, to: ready.to })).toBe('subjectRequired');
    expect(sendProblem({ ...EMPTY_COMPOSE, to: ready.to, subject: '   ' })).toBe('subjectRequired');
    expect(sendProblem({ ...ready, body: ' \n\t ' })).toBe('bodyRequired');
  });

  it('refuses malformed addresses in to, cc or bcc', () => {
    expect(sendProblem({ ...ready, to: ['jun@postline'] })).toBe('invalidEmail');
    expect(sendProblem({ ...ready, cc: ['not an address'] })).toBe('invalidEmail');
    expect(sendProblem({ ...ready, bcc: ['a@b'] })).toBe('invalidEmail');
  });

  it('saves a draft with only a subject, but never without one', () => {
    expect(draftProblem({ ...EMPTY_COMPOSE, subject: '메모' })).toBeNull();
    expect(draftProblem({ ...EMPTY_COMPOSE, body: '내용만 있음' })).toBe('draftSubjectRequired');
    expect(draftProblem({ ...EMPTY_COMPOSE, subject: '메모', to: ['bad'] })).toBe('invalidEmail');
  });
});
