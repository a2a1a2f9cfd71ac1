import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Signature } from '@postline/shared/signatures';
import { resetApiClientState } from '@/lib/api-client';
import { signInAs } from '@/test/auth-fixtures';
import { fail, ok, serveApi, type Reply } from '@/test/fake-api';
import { renderScreen } from '@/test/render';
import { selectHasUnsavedChanges, useComposeForm } from '../hooks/use-compose-form';
import { SignaturePicker } from './SignaturePicker';

function signature(overrides: Partial<Signature>): Signature {
  return {
    id: 1,
    name: '업무 서명',
    content: '<p><b>김민지</b> 팀장<br>Postline 업무팀</p>',
    isDefault: true,
    isActive: true,
    signatureType: 'BUSINESS',
    signatureTypeDescription: '업무',
    includeImage: false,
    imageUrl: null,
    createdAt: '2025-03-02T09:00:00.000Z',
    updatedAt: '2025-03-02T09:00:00.000Z',
    ...overrides,
  };
}

const business = signature({});
const personal = signature({ id: 2, name: '개인 서명', content: '민지 드림', isDefault: false });
const page = (content: Signature[]) => ({
  content,
  number: 0,
  size: 100,
  totalElements: content.length,
  totalPages: 1,
  first: true,
  last: true,
});

/** Answers the picker's two calls; the default can be held back to arrive late. */
function serveSignatures(defaultReply: () => Reply | Promise<Reply> = () => ok(page([business]))) {
  return serveApi((request) => {
    if (request.url === '/signatures' && request.params?.isDefault === true) return defaultReply();
    if (request.url === '/signatures') return ok(page([business, personal]));
    return fail(500, 'SERVER_ERROR', 'unexpected');
  });
}

const asksDefault = (r: { url: string; params: unknown }) =>
  r.url === '/signatures' && (r.params as { isDefault?: unknown } | undefined)?.isDefault === true;

const body = () => useComposeForm.getState().body;
const renderPicker = () => renderScreen('/compose', '/compose', <SignaturePicker />);

beforeEach(() => {
  signInAs();
  useComposeForm.getState().reset();
});

afterEach(() => resetApiClientState());

describe('SignaturePicker', () => {
  it('puts the default signature once into an empty body, after two blank lines', async () => {
    const seen = serveSignatures();
    renderPicker();
    await waitFor(() => expect(body()).toBe('\n\n김민지 팀장\nPostline 업무팀'));
    expect(screen.getByLabelText('서명')).toHaveDisplayValue('업무 서명 (기본)');
    // StrictMode runs the effect twice: still one signature.
    expect(seen.filter((r) => asksDefault(r)).length).toBeGreaterThanOrEqual(1);
    expect(body().match(/김민지/g)).toHaveLength(1);
    // A new mail with only its signature has nothing to lose when the user leaves.
    expect(selectHasUnsavedChanges(useComposeForm.getState())).toBe(false);

    // Removed from the now empty body, it stays out.
    await userEvent.click(screen.getByRole('button', { name: '서명 빼기' }));
    expect(body()).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(body()).toBe('');
  });

  it('leaves a body that already has text alone', async () => {
    const seen = serveSignatures();
    useComposeForm.getState().load({ body: '이어서 쓰던 내용' });
    renderPicker();
    await waitFor(() => expect(seen.some((r) => asksDefault(r))).toBe(true));
    await screen.findByRole('option', { name: '개인 서명' });
    expect(body()).toBe('이어서 쓰던 내용');
    expect(screen.getByLabelText('서명')).toHaveDisplayValue('서명 없음');
  });

  it('replaces the inserted signature with the one chosen, keeping what was typed', async () => {
    serveSignatures();
    renderPicker();
    await waitFor(() => expect(body()).toContain('김민지'));
    useComposeForm.getState().setBody(`회의 자료 보내드립니다.${body()}`);

    await userEvent.selectOptions(screen.getByLabelText('서명'), '개인 서명');
    expect(body()).toBe('회의 자료 보내드립니다.\n\n민지 드림');
    expect(await screen.findByText('서명을 넣었습니다.')).toBeInTheDocument();
  });

  it('removes the signature and does not put it back, even when the default answers late', async () => {
    let release: (reply: Reply) => void = () => undefined;
    serveSignatures(() => new Promise<Reply>((resolve) => (release = resolve)));
    renderPicker();
    await screen.findByRole('option', { name: '개인 서명' });
    await userEvent.selectOptions(screen.getByLabelText('서명'), '개인 서명');
    expect(body()).toBe('\n\n민지 드림');

    await userEvent.click(screen.getByRole('button', { name: '서명 빼기' }));
    expect(body()).toBe('');
    expect(await screen.findByText('서명을 뺐습니다.')).toBeInTheDocument();
    expect(screen.getByLabelText('서명')).toHaveDisplayValue('서명 없음');

    release(ok(page([business])));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(body()).toBe('');
  });

  it('offers only the active signatures', async () => {
    const retired = signature({ id: 3, name: '예전 서명', isDefault: false, isActive: false });
    serveApi((request) => {
      if (request.url === '/signatures' && request.params?.isDefault === true) return ok(page([business]));
      if (request.url === '/signatures') return ok(page([business, personal, retired]));
      return fail(500, 'SERVER_ERROR', 'unexpected');
    });
    renderPicker();
    await screen.findByRole('option', { name: '개인 서명' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '서명 없음',
      '업무 서명 (기본)',
      '개인 서명',
    ]);
  });

  it('treats no default (an empty page) as none, without a request that fails', async () => {
    const seen = serveSignatures(() => ok(page([])));
    renderPicker();
    await screen.findByRole('option', { name: '개인 서명' });
    expect(body()).toBe('');
    expect(seen.some((r) => r.url === '/signatures/default')).toBe(false);
  });

  it('treats a default that cannot be read as none', async () => {
    serveSignatures(() => fail(503, 'SERVICE_UNAVAILABLE', '서비스를 일시적으로 사용할 수 없습니다.'));
    renderPicker();
    await screen.findByRole('option', { name: '개인 서명' });
    expect(body()).toBe('');
    expect(screen.queryByRole('button', { name: '서명 빼기' })).toBeNull();
  });
});

describe('SignaturePicker (issue 34)', () => {
  it("fills {{name}} and {{email}} with the writer's own, as the recipient will read them", async () => {
    const templated = signature({ id: 3, content: '<p>{{name}} 드림<br>{{email}} {{title}}</p>' });
    serveApi((request) =>
      ok(request.params?.isDefault === true ? page([templated]) : page([templated, personal])),
    );
    useComposeForm.getState().setAccount({ id: 1, name: '김민지', email: 'kim@postline.local' });
    renderPicker();
    await waitFor(() => expect(body()).toBe('\n\n김민지 드림\nkim@postline.local'));
  });

  it('a continued draft knows the signature it holds: no default added, another one replaces it', async () => {
    serveSignatures();
    useComposeForm.getState().start({ subject: '초안', body: '안녕하세요.\n\n민지 드림' }, 5, {
      signature: '민지 드림',
      signatureId: 2,
    });
    renderPicker();
    await screen.findByRole('option', { name: '업무 서명 (기본)' });
    expect(screen.getByLabelText('서명')).toHaveDisplayValue('개인 서명');
    expect(body()).toBe('안녕하세요.\n\n민지 드림');

    await userEvent.selectOptions(screen.getByLabelText('서명'), '업무 서명 (기본)');
    expect(body()).toBe('안녕하세요.\n\n김민지 팀장\nPostline 업무팀');
    expect(useComposeForm.getState()).toMatchObject({
      signatureId: 1,
      signature: '김민지 팀장\nPostline 업무팀',
    });
  });

  it('a plain-text signature keeps its lines in the body', async () => {
    const lines = signature({ id: 4, content: '김민지\n기획팀' });
    serveApi((request) => ok(request.params?.isDefault === true ? page([lines]) : page([lines])));
    renderPicker();
    await waitFor(() => expect(body()).toBe('\n\n김민지\n기획팀'));
  });
});
