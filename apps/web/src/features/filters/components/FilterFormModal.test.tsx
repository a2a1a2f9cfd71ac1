// Over 300 lines on purpose: the form's builders, its checks and its save and edit paths share one
// set of folders and one server, and read as the form's one specification.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FILTER_TEST_SAMPLES } from '@postline/shared/filter-samples';
import { signInAs } from '@/test/auth-fixtures';
import { ok, serveApi, type Handler, type SeenRequest } from '@/test/fake-api';
import { WithQueryClient } from '@/test/render';
import { filterDto, folderTree } from '../test-fixtures';
import { FilterFormModal } from './FilterFormModal';

function serve(extra: Handler = () => ok(null)): SeenRequest[] {
  return serveApi((request) => (request.url === '/mailboxes' ? ok(folderTree) : extra(request)));
}

function renderForm(filterId?: number) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(
    <WithQueryClient>
      <FilterFormModal filterId={filterId} onSaved={onSaved} onClose={onClose} />
    </WithQueryClient>,
  );
  return { onSaved, onClose };
}

const conditionRow = (n: number) => screen.getByRole('group', { name: `조건 ${n}` });
const actionRow = (n: number) => screen.getByRole('group', { name: `동작 ${n}` });
const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

beforeEach(() => signInAs());

describe('the condition builder', () => {
  it('offers the operators of the chosen type and a value input that fits it', async () => {
    serve();
    renderForm();
    const row = conditionRow(1);
    const operator = within(row).getByLabelText('연산자');
    expect(operator).toBeDisabled();

    await userEvent.selectOptions(within(row).getByLabelText('조건 종류'), 'SIZE');
    expect(optionTexts(operator)).toEqual(['연산자 선택', '보다 큼', '보다 작음', '같음']);
    const size = within(row).getByLabelText('값');
    expect(size).toHaveAttribute('type', 'number');
    expect(size).toHaveAttribute('min', '0');
    await userEvent.type(size, '2097152');
    expect(within(row).getByTestId('size-unit')).toHaveTextContent('바이트 (2.0 MB)');
    expect(within(row).queryByLabelText('정규식')).not.toBeInTheDocument();

    await userEvent.selectOptions(within(row).getByLabelText('조건 종류'), 'IMPORTANCE');
    expect(optionTexts(within(row).getByLabelText('값'))).toEqual(['중요도 선택', '낮음', '보통', '높음']);

    await userEvent.selectOptions(within(row).getByLabelText('조건 종류'), 'HAS_ATTACHMENT');
    expect(within(row).queryByLabelText('값')).not.toBeInTheDocument();
    // SPEC §5: presence only; '없음' (NOT_EXISTS) is not offered.
    expect(optionTexts(within(row).getByLabelText('연산자'))).toEqual(['연산자 선택', '있음']);

    await userEvent.selectOptions(within(row).getByLabelText('조건 종류'), 'FROM');
    expect(within(row).getByLabelText('대소문자 구분')).not.toBeChecked();
    expect(within(row).getByLabelText('정규식')).toBeInTheDocument();
  });

  it('clears the operator and value when the type changes', async () => {
    serve();
    renderForm();
    const row = conditionRow(1);
    await userEvent.selectOptions(within(row).getByLabelText('조건 종류'), 'SUBJECT');
    await userEvent.selectOptions(within(row).getByLabelText('연산자'), 'CONTAINS');
    await userEvent.type(within(row).getByLabelText('값'), '[[알파]');
    expect(within(row).getByLabelText('값')).toHaveValue('[알파]');
    await userEvent.selectOptions(within(row).getByLabelText('조건 종류'), 'BODY');
    expect(within(row).getByLabelText('연산자')).toHaveValue('');
    expect(within(row).getByLabelText('값')).toHaveValue('');
  });

  it('removes rows only while more than one remains', async () => {
    serve();
    renderForm();
    expect(within(conditionRow(1)).getByRole('button', { name: '삭제' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '조건 추가' }));
    expect(within(conditionRow(2)).getByRole('button', { name: '삭제' })).toBeEnabled();
    await userEvent.click(within(conditionRow(2)).getByRole('button', { name: '삭제' }));
    expect(screen.queryByRole('group', { name: '조건 2' })).not.toBeInTheDocument();
  });
});

describe('the action builder', () => {
  it('asks for the value each action needs and warns before deleting mail', async () => {
    serve();
    renderForm();
    const row = actionRow(1);
    const type = within(row).getByLabelText('동작 종류');

    await userEvent.selectOptions(type, 'MOVE_TO_FOLDER');
    const folder = await within(row).findByRole('option', { name: '프로젝트' });
    expect(optionTexts(within(row).getByLabelText('폴더'))).toEqual([
      '폴더 선택',
      '받은편지함',
      '보낸편지함',
      '휴지통',
      '프로젝트',
      '\u00a0\u00a0알파',
    ]);
    await userEvent.selectOptions(within(row).getByLabelText('폴더'), folder);

    await userEvent.selectOptions(type, 'ADD_LABEL');
    const label = within(row).getByLabelText('라벨');
    expect(label).toHaveValue('');
    const suggestions = document.getElementById(label.getAttribute('list') ?? '');
    expect([...(suggestions?.querySelectorAll('option') ?? [])].map((o) => o.value)).toEqual([
      'important',
      'work',
      'personal',
      'project',
      'urgent',
      'meeting',
    ]);

    await userEvent.selectOptions(type, 'FORWARD');
    expect(within(row).getByLabelText('전달할 주소')).toHaveAttribute('type', 'email');

    await userEvent.selectOptions(type, 'AUTO_REPLY');
    await userEvent.click(within(row).getByRole('button', { name: '부재 중 문구 사용' }));
    expect(within(row).getByLabelText('답장 내용')).toHaveValue(
      '메일 감사합니다. 현재 부재 중이며 돌아오는 대로 답장드리겠습니다.',
    );

    await userEvent.selectOptions(type, 'DELETE');
    expect(within(row).getByRole('note')).toHaveTextContent('조건에 맞는 메일이 삭제됩니다.');
    await userEvent.selectOptions(type, 'MARK_SPAM');
    expect(within(row).getByRole('note')).toHaveTextContent('스팸함으로 이동합니다');
    await userEvent.selectOptions(type, 'MARK_READ');
    expect(within(row).queryByRole('note')).not.toBeInTheDocument();
    expect(within(row).queryByRole('textbox')).not.toBeInTheDocument();
  });
});

describe('saving', () => {
  it('refuses an empty form with the SPEC §5 messages and sends nothing', async () => {
    const seen = serve();
    const { onSaved } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(screen.getByText('필터 이름을 입력해 주세요.')).toBeInTheDocument();
    expect(screen.getByText('모든 조건의 종류와 연산자를 선택해 주세요.')).toBeInTheDocument();
    expect(screen.getByText('모든 동작의 종류를 선택해 주세요.')).toBeInTheDocument();
    expect(screen.getByLabelText(/필터 이름/)).toHaveAttribute('aria-invalid', 'true');
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('sends the cleaned-up filter and reports success', { timeout: 20_000 }, async () => {
    const seen = serve((request) =>
      request.method === 'POST'
        ? { status: 201, data: { success: true, data: filterDto({ id: 9, name: '알파', priority: 1 }) } }
        : ok(null),
    );
    const { onSaved } = renderForm();
    expect(screen.queryByRole('button', { name: '테스트' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/필터 이름/), '  알파 프로젝트 ');
    expect(screen.getByLabelText('활성화')).toBeChecked();
    expect(screen.getByLabelText(/기존 메일에도 적용/)).not.toBeChecked();

    await userEvent.selectOptions(within(conditionRow(1)).getByLabelText('조건 종류'), 'SUBJECT');
    await userEvent.selectOptions(within(conditionRow(1)).getByLabelText('연산자'), 'CONTAINS');
    await userEvent.type(within(conditionRow(1)).getByLabelText('값'), '[[알파]');
    await userEvent.click(screen.getByRole('button', { name: '조건 추가' }));
    await userEvent.click(screen.getByRole('button', { name: '조건 추가' }));
    await userEvent.selectOptions(within(conditionRow(2)).getByLabelText('조건 종류'), 'FROM');
    await userEvent.selectOptions(within(conditionRow(2)).getByLabelText('연산자'), 'ENDS_WITH');
    await userEvent.type(within(conditionRow(2)).getByLabelText('값'), '@corp.example');

    await userEvent.selectOptions(within(actionRow(1)).getByLabelText('동작 종류'), 'MOVE_TO_FOLDER');
    await within(actionRow(1)).findByRole('option', { name: '프로젝트' });
    await userEvent.selectOptions(within(actionRow(1)).getByLabelText('폴더'), '7');
    await userEvent.click(screen.getByRole('button', { name: '동작 추가' }));
    await userEvent.selectOptions(within(actionRow(2)).getByLabelText('동작 종류'), 'MARK_READ');
    await userEvent.click(screen.getByRole('button', { name: '동작 추가' }));
    await userEvent.selectOptions(within(actionRow(3)).getByLabelText('동작 종류'), 'ADD_LABEL');
    await userEvent.type(within(actionRow(3)).getByLabelText('라벨'), 'work');

    await userEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      name: '알파 프로젝트',
      isActive: true,
      applyToExisting: false,
      conditions: [
        {
          conditionType: 'SUBJECT',
          operator: 'CONTAINS',
          value: '[알파]',
          caseSensitive: false,
          isRegex: false,
        },
        {
          conditionType: 'FROM',
          operator: 'ENDS_WITH',
          value: '@corp.example',
          caseSensitive: false,
          isRegex: false,
        },
      ],
      actions: [
        { actionType: 'MOVE_TO_FOLDER', actionValue: '7', sortOrder: 0 },
        { actionType: 'MARK_READ', actionValue: null, sortOrder: 1 },
        { actionType: 'ADD_LABEL', actionValue: 'work', sortOrder: 2 },
      ],
    });
  });

  it("shows the server's field errors on the row they name", async () => {
    serve((request) =>
      request.method === 'POST'
        ? {
            status: 400,
            data: {
              success: false,
              code: 'VALIDATION_ERROR',
              message: '입력값을 확인해 주세요.',
              errors: [{ field: 'actions.0.actionValue', message: '선택한 폴더를 찾을 수 없습니다.' }],
            },
          }
        : ok(null),
    );
    const { onSaved } = renderForm();
    await userEvent.type(screen.getByLabelText(/필터 이름/), '알파');
    await userEvent.selectOptions(within(conditionRow(1)).getByLabelText('조건 종류'), 'HAS_ATTACHMENT');
    await userEvent.selectOptions(within(conditionRow(1)).getByLabelText('연산자'), 'EXISTS');
    await userEvent.selectOptions(within(actionRow(1)).getByLabelText('동작 종류'), 'MOVE_TO_FOLDER');
    await within(actionRow(1)).findByRole('option', { name: '프로젝트' });
    await userEvent.selectOptions(within(actionRow(1)).getByLabelText('폴더'), '7');
    await userEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await within(actionRow(1)).findByRole('alert')).toHaveTextContent(
      '선택한 폴더를 찾을 수 없습니다.',
    );
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('필터를 저장하지 못했습니다.');
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('editing and testing', () => {
  const saved = filterDto({
    id: 5,
    name: '긴급 알림',
    priority: 1,
    conditions: [
      {
        id: 1,
        conditionType: 'SUBJECT',
        operator: 'CONTAINS',
        value: '[긴급]',
        caseSensitive: false,
        isRegex: false,
      },
    ],
    actions: [{ id: 1, actionType: 'MARK_STARRED', actionValue: null, sortOrder: 0 }],
  });

  it('loads the filter by id, tests it against a sample, and shows what matched', async () => {
    const seen = serve((request) => {
      if (request.url === '/filters/5') return ok(saved);
      if (request.url === '/filters/5/test') {
        return ok({
          matched: true,
          reason: '조건 1개를 모두 만족합니다.',
          matchedConditions: [
            {
              conditionType: 'SUBJECT',
              operator: 'CONTAINS',
              value: '[긴급]',
              description: '제목에 "[긴급]" 포함',
            },
          ],
          appliedActions: [{ actionType: 'MARK_STARRED', actionValue: null, description: '별표 표시' }],
        });
      }
      return ok(null);
    });
    renderForm(5);
    expect(await screen.findByDisplayValue('긴급 알림')).toBeInTheDocument();
    expect(within(conditionRow(1)).getByLabelText('값')).toHaveValue('[긴급]');

    await userEvent.click(screen.getByRole('button', { name: '테스트' }));
    const dialog = screen.getByRole('dialog', { name: '필터 테스트' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(5);
    await userEvent.click(within(dialog).getByRole('button', { name: '테스트 실행' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('테스트할 메일을 선택해 주세요.');
    expect(seen.filter((r) => r.url === '/filters/5/test')).toEqual([]);

    await userEvent.click(within(dialog).getByRole('radio', { name: /운영 서버 장애 보고/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: '테스트 실행' }));
    expect(await within(dialog).findByRole('heading', { name: '조건에 맞습니다' })).toBeInTheDocument();
    expect(seen.find((r) => r.url === '/filters/5/test')?.body).toEqual({ message: FILTER_TEST_SAMPLES[0] });
    expect(within(dialog).getByRole('list', { name: '일치한 조건' })).toHaveTextContent(
      '제목에 "[긴급]" 포함',
    );
    expect(within(dialog).getByRole('list', { name: '실행될 동작' })).toHaveTextContent('별표 표시');

    // The footer's Close, after the title bar's x of the same name.
    await userEvent.click(within(dialog).getAllByRole('button', { name: '닫기' }).at(-1)!);
    expect(await screen.findByDisplayValue('긴급 알림')).toBeInTheDocument();
  });

  it('puts the changes to the saved filter with PUT', async () => {
    const seen = serve((request) =>
      request.url === '/filters/5' && request.method === 'GET' ? ok(saved) : ok(saved),
    );
    const { onSaved } = renderForm(5);
    const name = await screen.findByDisplayValue('긴급 알림');
    await userEvent.clear(name);
    await userEvent.type(name, '긴급 장애');
    await userEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(seen.find((r) => r.method === 'PUT')).toMatchObject({
      url: '/filters/5',
      body: { name: '긴급 장애' },
    });
  });
});
