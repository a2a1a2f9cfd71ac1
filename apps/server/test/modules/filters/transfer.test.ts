import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import {
  alphaFilter,
  apiFor,
  createFolder,
  deliver,
  folder,
  incoming,
  message,
  type Api,
} from './helpers.js';

let ctx: TestContext;
let jun: SignedIn;
let api: Api;
let minjiApi: Api;
let minji: SignedIn;
let projectId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  minji = await signIn(ctx.app, 'minji@postline.local', '김민지');
  api = apiFor(ctx, jun);
  minjiApi = apiFor(ctx, minji);
  // Minji makes a folder first, so Jun's folder ids differ from hers.
  await createFolder(minjiApi, '개인');
  projectId = await createFolder(api, '프로젝트');
});
afterAll(async () => {
  await ctx?.close();
});

describe('JSON export and import', () => {
  it('exports one filter as a JSON file that imports on another account, folder and all', async () => {
    const created = await api.data('POST', '/filters', {
      ...alphaFilter(projectId),
      actions: [...alphaFilter(projectId).actions, { actionType: 'SKIP_INBOX' }],
    });
    const res = await api.call('GET', `/filters/${created.id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="filter-.*\.json"; filename\*=UTF-8''filter-%EC%95%8C%ED%8C%8C/,
    );
    const file = JSON.parse(res.body);
    expect(file).toMatchObject({ version: 1, filters: [{ name: '알파 프로젝트', isActive: true }] });
    expect(file.exportedAt).toMatch(/^\d{4}-/);
    expect(file.filters[0]).not.toHaveProperty('id');
    expect(file.filters[0].actions[0]).toMatchObject({
      actionType: 'MOVE_TO_FOLDER',
      actionValue: String(projectId),
      folder: { name: '프로젝트', type: 'CUSTOM' },
    });

    // Minji has no 프로젝트: it is made for her and the filter points at it.
    const imported = await minjiApi.call('POST', '/filters/import', file, 'en');
    expect(imported.statusCode).toBe(201);
    const result = imported.json().data;
    expect(result.createdFolders).toEqual(['프로젝트']);
    expect(result.imported).toHaveLength(1);
    const minjiProject = (await folder(minjiApi, { name: '프로젝트' }))!;
    expect(minjiProject.id).not.toBe(projectId);
    expect(result.imported[0]).toMatchObject({
      name: '알파 프로젝트',
      conditionCount: 2,
      actionCount: 4,
      priority: 1,
    });
    expect(result.imported[0].actions[0].actionValue).toBe(String(minjiProject.id));

    const arrived = await deliver(
      ctx,
      minji.user.id,
      incoming({ to: [{ address: 'minji@postline.local' }] }),
    );
    // SKIP_INBOX comes after the move in the list, so the mail ends in Archive, read and labelled.
    expect(await message(ctx, arrived.id)).toMatchObject({
      mailbox_id: (await folder(minjiApi, { type: 'ARCHIVE' }))!.id,
      is_read: true,
      labels: ['work'],
    });
  });

  it('re-importing on the same account keeps the same folder', async () => {
    const [first] = await api.data<Array<{ id: number }>>('GET', '/filters');
    const file = JSON.parse((await api.call('GET', `/filters/${first!.id}/export`)).body);
    const result = (await api.call('POST', '/filters/import', file)).json().data;
    expect(result.createdFolders).toEqual([]);
    expect(result.imported[0].actions[0].actionValue).toBe(String(projectId));
    expect(result.imported[0].priority).toBe(2);
  });

  it('accepts a bare array and a single filter in either shape', async () => {
    const array = await api.call('POST', '/filters/import', [
      {
        name: '배열',
        conditions: [{ conditionType: 'SUBJECT', operator: 'CONTAINS', value: 'a' }],
        actions: [{ actionType: 'MARK_READ' }],
      },
    ]);
    expect(array.statusCode).toBe(201);
    const single = await api.call('POST', '/filters/import', {
      name: '옛 모양',
      criteria: [{ field: 'FROM', operator: 'CONTAINS', value: 'b' }],
      actions: [{ type: 'MARK_AS_READ' }],
    });
    expect(single.statusCode).toBe(201);
    expect(single.json().data.imported[0]).toMatchObject({
      name: '옛 모양',
      actions: [{ actionType: 'MARK_READ' }],
    });
  });

  it("an invalid file is a 400 'Invalid JSON file' with the reason, in Korean and English, and imports nothing", async () => {
    const before = (await api.data<unknown[]>('GET', '/filters')).length;
    const bad = {
      version: 1,
      filters: [
        {
          name: '',
          conditions: [{ conditionType: 'SIZE', operator: 'GREATER_THAN', value: 'huge' }],
          actions: [{ actionType: 'MARK_READ' }],
        },
      ],
    };
    const en = await api.call('POST', '/filters/import', bad, 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe('Invalid JSON file: (filters.0.name) Please enter a filter name.');
    expect(en.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'filters.0.name',
      'filters.0.conditions.0.value',
    ]);
    const ko = await api.call('POST', '/filters/import', bad, 'ko');
    expect(ko.json().message).toBe('잘못된 JSON 파일입니다: (filters.0.name) 필터 이름을 입력해 주세요.');

    const broken = await api.call('POST', '/filters/import', '{"version": 1, "filters": [', 'en', {
      'content-type': 'application/json',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^Invalid JSON file: /);
    const asText = await api.call('POST', '/filters/import', 'not json at all', 'ko', {
      'content-type': 'text/plain',
    });
    expect(asText.statusCode).toBe(400);
    expect(asText.json().message).toMatch(/^잘못된 JSON 파일입니다: /);

    const foreignFolder = { version: 1, filters: [{ ...alphaFilter(999_999) }] };
    const folderless = await api.call('POST', '/filters/import', foreignFolder, 'en');
    expect(folderless.statusCode).toBe(400);
    expect(folderless.json().errors[0].field).toBe('filters.0.actions.0.actionValue');
    expect((await api.data<unknown[]>('GET', '/filters')).length).toBe(before);
  });
});

describe('Sieve', () => {
  it('exports every filter as a Sieve script that imports back as the same filters', async () => {
    const sieveUser = await signIn(ctx.app, 'sieve@postline.local', 'Sieve');
    const sieveApi = apiFor(ctx, sieveUser);
    const folderId = await createFolder(sieveApi, '프로젝트');
    await sieveApi.data('POST', '/filters', alphaFilter(folderId));
    await sieveApi.data('POST', '/filters', {
      name: 'Big mail',
      isActive: false,
      conditions: [
        { conditionType: 'SIZE', operator: 'GREATER_THAN', value: '1048576' },
        { conditionType: 'SUBJECT', operator: 'REGEX', value: '^\\[(ticket|bug)-\\d+\\]' },
      ],
      actions: [{ actionType: 'MARK_STARRED' }, { actionType: 'STOP_PROCESSING' }],
    });
    const res = await sieveApi.call('GET', '/filters/export/sieve');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['content-disposition']).toContain('.sieve');
    const script = res.body;
    expect(script).toMatch(/^require \[.*"fileinto".*\];/m);
    expect(script).toContain('fileinto "프로젝트";');
    expect(script).toContain('# rule:[Big mail]');

    const again = await signIn(ctx.app, 'sieve2@postline.local', 'Sieve 2');
    const againApi = apiFor(ctx, again);
    const imported = await againApi.call('POST', '/filters/import/sieve', script, 'en', {
      'content-type': 'text/plain',
    });
    expect(imported.statusCode).toBe(201);
    const result = imported.json().data;
    expect(result.missingFolders).toEqual(['프로젝트']);
    expect(result.createdFolders).toEqual(['프로젝트']);
    // The folder was made: no warning telling the user to make it and import again.
    expect(result.warnings.map((w: { code: string }) => w.code)).not.toContain('folderNotFound');
    const originals = await sieveApi.data<
      Array<{
        name: string;
        isActive: boolean;
        conditions: unknown[];
        actions: Array<{ actionType: string; actionValue: string | null }>;
      }>
    >('GET', '/filters');
    const copies = await againApi.data<typeof originals>('GET', '/filters');
    const strip = (list: typeof originals) =>
      list.map((f) => ({
        name: f.name,
        isActive: f.isActive,
        conditions: f.conditions.map((c) => ({ ...(c as object), id: undefined })),
        actions: f.actions.map(
          (a) => `${a.actionType}:${a.actionType === 'MOVE_TO_FOLDER' ? 'folder' : a.actionValue}`,
        ),
      }));
    expect(strip(copies)).toEqual(strip(originals));
    const newFolder = (await folder(againApi, { name: '프로젝트' }))!;
    expect(copies[0]!.actions[0]!.actionValue).toBe(String(newFolder.id));

    // JSON {script} works too, and what cannot be mapped is reported.
    const json = await againApi.call(
      'POST',
      '/filters/import/sieve',
      {
        script:
          'require ["fileinto"];\nif header :contains "subject" "x" { fileinto "프로젝트"; }\nnotify "mailto:x@y";\n',
      },
      'en',
    );
    expect(json.statusCode).toBe(201);
    expect(json.json().data.createdFolders).toEqual([]);
    expect(json.json().data.warnings.map((w: { code: string }) => w.code)).toContain('unsupportedCommand');
  });

  it('a script that does not parse imports nothing and says why', async () => {
    const res = await api.call('POST', '/filters/import/sieve', 'if header :contains "subject" {', 'en', {
      'content-type': 'text/plain',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.imported).toEqual([]);
    expect(res.json().data.warnings[0].code).toBe('syntaxError');
    const empty = await api.call('POST', '/filters/import/sieve', { script: '  ' }, 'en');
    expect(empty.statusCode).toBe(400);
  });
});

describe('Gmail', () => {
  const entry = (props: Record<string, string>) =>
    `<entry><category term='filter'></category><title>Mail Filter</title><content></content>${Object.entries(
      props,
    )
      .map(([k, v]) => `<apps:property name='${k}' value='${v}'/>`)
      .join('')}</entry>`;
  const xml = `<?xml version='1.0' encoding='UTF-8'?><feed xmlns='http://www.w3.org/2005/Atom' xmlns:apps='http://schemas.google.com/apps/2006'><title>Mail Filters</title>
${entry({ from: 'boss@company.co.kr', label: 'boss', shouldStar: 'true', shouldMarkAsRead: 'true' })}
${entry({ subject: '광고', shouldTrash: 'true', smartLabelToApply: '^smartlabel_promo' })}
</feed>`;

  it('imports mailFilters.xml and reports the part it cannot carry over', async () => {
    const gmailUser = await signIn(ctx.app, 'gmail@postline.local', 'Gmail');
    const gmailApi = apiFor(ctx, gmailUser);
    const res = await gmailApi.call('POST', '/filters/import/gmail', xml, 'en', {
      'content-type': 'application/xml',
    });
    expect(res.statusCode).toBe(201);
    const result = res.json().data;
    expect(result.imported).toHaveLength(2);
    expect(result.imported[0].actions.map((a: { actionType: string }) => a.actionType)).toEqual([
      'ADD_LABEL',
      'MARK_READ',
      'MARK_STARRED',
    ]);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatchObject({ code: 'unsupportedProperty' });
    expect(result.warnings[0].message).toContain('smartLabelToApply');

    const boss = await deliver(
      ctx,
      gmailUser.user.id,
      incoming({ from: { address: 'boss@company.co.kr' }, to: [{ address: 'gmail@postline.local' }] }),
    );
    expect(await message(ctx, boss.id)).toMatchObject({ is_read: true, is_starred: true, labels: ['boss'] });

    const json = await gmailApi.call('POST', '/filters/import/gmail', { xml: '<feed><entry>' }, 'ko');
    expect(json.statusCode).toBe(201);
    expect(json.json().data.warnings[0].code).toBe('invalidXml');
  });
});
