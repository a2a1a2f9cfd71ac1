import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyTemplateVariables } from '@postline/shared/template-variables';
import { resetApiClientState } from '@/lib/api-client';
import { signInAs } from '@/test/auth-fixtures';
import { fail, ok, serveApi, type Reply, type SeenRequest } from '@/test/fake-api';
import { renderScreen } from '@/test/render';
import { template } from '@/test/template-fixtures';
import { useComposeForm } from '../hooks/use-compose-form';
import { TemplatePicker } from './TemplatePicker';

const invite = '{{name}}님, {{date}} 회의에 초대합니다.';
const meeting = template({ content: invite, bodyText: invite, isShared: false, usageCount: 0 });
const thanks = template({ id: 2, name: '감사 인사', subject: '', content: '감사합니다.', variables: '{}' });
const templates = [meeting, thanks];

/** The picker's calls; /templates/use fills like the server does, unless `useReply` says otherwise. */
function serveTemplates(useReply?: () => Reply): SeenRequest[] {
  return serveApi((request) => {
    if (request.url === '/templates') {
      return ok({
        content: templates,
        number: 0,
        size: 100,
        totalElements: 2,
        totalPages: 1,
        first: true,
        last: true,
      });
    }
    if (request.url === '/templates/system-variables') {
      return ok([
        { name: 'senderName', description: '보내는 사람 이름', example: '김민지' },
        { name: 'date', description: '오늘 날짜', example: '2025년 3월 4일' },
      ]);
    }
    if (request.url === '/templates/use') {
      if (useReply) return useReply();
      const { templateId, variableValues } = JSON.parse(request.data as string);
      const used = templates.find((item) => item.id === templateId)!;
      return ok({
        subject: applyTemplateVariables(used.subject, variableValues).result,
        content: applyTemplateVariables(used.content, variableValues).result,
        missingVariables: [],
      });
    }
    return fail(500, 'SERVER_ERROR', 'unexpected');
  });
}

const form = () => useComposeForm.getState();
const renderPicker = () => renderScreen('/compose', '/compose', <TemplatePicker />);

beforeEach(() => {
  signInAs();
  useComposeForm.getState().reset();
  useComposeForm.getState().load({ to: ['lee@postline.local'], subject: '원래 제목', body: '원래 본문' });
});

afterEach(() => resetApiClientState());

describe('TemplatePicker', () => {
  it('asks for the variables first, with the values the server knows filled in', async () => {
    const seen = serveTemplates();
    renderPicker();
    await screen.findByRole('option', { name: '회의 초대' });
    await userEvent.selectOptions(screen.getByLabelText('템플릿'), '회의 초대');

    const dialog = screen.getByRole('dialog', { name: '템플릿 변수 입력' });
    expect(dialog).toHaveTextContent("'회의 초대' 템플릿에 넣을 값을 입력하세요.");
    await waitFor(() => expect(within(dialog).getByLabelText('date')).toHaveValue('2025년 3월 4일'));
    expect(within(dialog).getByLabelText('name')).toHaveValue('');
    expect(seen.find((r) => r.url === '/templates/system-variables')?.params).toEqual({
      recipientEmail: 'lee@postline.local',
    });
    // Nothing changes until the user applies.
    expect(form().body).toBe('원래 본문');

    await userEvent.type(within(dialog).getByLabelText('name'), '이수진');
    await userEvent.click(within(dialog).getByRole('button', { name: '적용' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.find((r) => r.url === '/templates/use')?.body).toEqual({
      templateId: 1,
      variableValues: { date: '2025년 3월 4일', name: '이수진' },
    });
    expect(form().subject).toBe('2025년 3월 4일 회의 안내');
    expect(form().body).toBe('이수진님, 2025년 3월 4일 회의에 초대합니다.');
    expect(await screen.findByText('템플릿을 적용했습니다.')).toBeInTheDocument();
    expect(screen.getByLabelText('템플릿')).toHaveValue('');
  });

  it('does not overwrite a value the user typed before the known values arrived', async () => {
    serveTemplates();
    renderPicker();
    await screen.findByRole('option', { name: '회의 초대' });
    await userEvent.selectOptions(screen.getByLabelText('템플릿'), '회의 초대');
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('date')).toHaveValue('2025년 3월 4일'));
    await userEvent.clear(within(dialog).getByLabelText('date'));
    await userEvent.type(within(dialog).getByLabelText('date'), '다음 주 월요일');
    await userEvent.type(within(dialog).getByLabelText('name'), '팀');
    await userEvent.click(within(dialog).getByRole('button', { name: '적용' }));
    await waitFor(() => expect(form().subject).toBe('다음 주 월요일 회의 안내'));
  });

  it('applies a template without variables at once and keeps the subject when the template has none', async () => {
    const seen = serveTemplates();
    renderPicker();
    await screen.findByRole('option', { name: '감사 인사' });
    await userEvent.selectOptions(screen.getByLabelText('템플릿'), '감사 인사');
    await waitFor(() => expect(form().body).toBe('감사합니다.'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(form().subject).toBe('원래 제목');
    expect(seen.find((r) => r.url === '/templates/use')?.body).toEqual({ templateId: 2, variableValues: {} });
  });

  it('keeps the dialog open with the reason when filling fails, and cancel changes nothing', async () => {
    serveTemplates(() => fail(404, 'TEMPLATE_NOT_FOUND', '템플릿을 찾을 수 없습니다.'));
    renderPicker();
    await screen.findByRole('option', { name: '회의 초대' });
    await userEvent.selectOptions(screen.getByLabelText('템플릿'), '회의 초대');
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '적용' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('템플릿을 찾을 수 없습니다.');
    await userEvent.click(within(dialog).getByRole('button', { name: '취소' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(form().body).toBe('원래 본문');
    expect(form().subject).toBe('원래 제목');
  });

  it('opens with the template of ?template= chosen: variables asked first, once', async () => {
    const seen = serveTemplates();
    renderScreen('/compose?template=1', '/compose', <TemplatePicker />);
    const dialog = await screen.findByRole('dialog', { name: '템플릿 변수 입력' });
    expect(dialog).toHaveTextContent("'회의 초대' 템플릿에 넣을 값을 입력하세요.");
    await userEvent.type(within(dialog).getByLabelText('name'), '이수진');
    await userEvent.click(within(dialog).getByRole('button', { name: '적용' }));
    await waitFor(() => expect(form().body).toBe('이수진님, 2025년 3월 4일 회의에 초대합니다.'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(seen.filter((r) => r.url === '/templates/use')).toHaveLength(1);
  });

  it('applies a ?template= without variables at once, and says so when it is not usable', async () => {
    serveTemplates();
    const { unmount } = renderScreen('/compose?template=2', '/compose', <TemplatePicker />);
    await waitFor(() => expect(form().body).toBe('감사합니다.'));
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();

    renderScreen('/compose?template=99', '/compose', <TemplatePicker />);
    expect(
      await screen.findByText('사용할 수 있는 템플릿 중에 요청한 템플릿이 없습니다.'),
    ).toBeInTheDocument();
  });
});
