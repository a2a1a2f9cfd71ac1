// Over 300 lines on purpose: every condition type with every operator the contract allows, generated
// from the contract's own table, so no pair goes untested.
import {
  OPERATORS_BY_CONDITION_TYPE,
  type ConditionType,
  type FilterAction,
  type FilterCondition,
  type Operator,
} from '@postline/shared/filters';
import { FILTER_TEST_SAMPLES } from '@postline/shared/filter-samples';
import { afterAll, describe, expect, it } from 'vitest';
import { summarizePlan } from '../../../../src/modules/filters/engine/disposition.js';
import {
  evaluateFilter,
  planFilters,
  toFilterTestResult,
  type EngineFilter,
} from '../../../../src/modules/filters/engine/evaluate.js';
import {
  BODY_MATCH_LIMIT_CHARS,
  sampleToFilterableMessage,
  type FilterableMessage,
} from '../../../../src/modules/filters/engine/message.js';
import { validateRegex } from '../../../../src/modules/filters/engine/regex.js';

const message: FilterableMessage = {
  subject: '[회의] Weekly Sync 안내',
  fromAddress: 'minji.kim@company.co.kr',
  fromName: '김민지',
  toAddresses: ['me@postline.local', 'Team@Company.co.kr'],
  ccAddresses: ['lead@company.co.kr'],
  bccAddresses: ['audit@company.co.kr'],
  bodyText: '안녕하세요.\nThe agenda is attached.\n회의실 3층',
  attachmentNames: ['회의안건.pdf'],
  hasAttachments: true,
  importance: 'HIGH',
  sizeBytes: 2048,
};
const empty: FilterableMessage = {
  ...message,
  subject: '',
  fromAddress: '',
  fromName: null,
  toAddresses: [],
  ccAddresses: [],
  bccAddresses: [],
  bodyText: '',
  attachmentNames: [],
  hasAttachments: false,
  importance: 'weird',
};

function cond(
  conditionType: ConditionType,
  operator: Operator,
  value = '',
  extra: Partial<FilterCondition> = {},
): FilterCondition {
  return { conditionType, operator, value, caseSensitive: false, isRegex: false, ...extra };
}
const action = (
  actionType: FilterAction['actionType'],
  actionValue: string | null = null,
  sortOrder = 0,
): FilterAction => ({
  actionType,
  actionValue,
  sortOrder,
});
function filter(
  conditions: FilterCondition[],
  actions: FilterAction[] = [action('MARK_READ')],
  extra: Partial<EngineFilter> = {},
): EngineFilter {
  return { id: 1, name: 'f', conditions, actions, ...extra };
}

const exercised = new Set<string>();
function matches(c: FilterCondition, m: FilterableMessage = message): boolean {
  exercised.add(`${c.conditionType}:${c.operator}`);
  return evaluateFilter(filter([c]), m).matched;
}

/** For each text type: a value each positive operator finds in `message`, and one nothing has. */
const TEXT_CASES: Record<
  string,
  { hit: Record<'CONTAINS' | 'EQUALS' | 'STARTS_WITH' | 'ENDS_WITH' | 'REGEX', string>; miss: string }
> = {
  SUBJECT: {
    hit: {
      CONTAINS: 'weekly',
      EQUALS: '[회의] weekly sync 안내',
      STARTS_WITH: '[회의]',
      ENDS_WITH: '안내',
      REGEX: '^\\[회의\\]\\s+weekly',
    },
    miss: 'monthly',
  },
  FROM: {
    hit: {
      CONTAINS: '김민지',
      EQUALS: '김민지 <minji.kim@company.co.kr>',
      STARTS_WITH: 'minji',
      ENDS_WITH: '@company.co.kr',
      REGEX: '^minji\\.kim@',
    },
    miss: 'boss@',
  },
  TO: {
    hit: {
      CONTAINS: 'team@',
      EQUALS: 'team@company.co.kr',
      STARTS_WITH: 'me@',
      ENDS_WITH: '.local',
      REGEX: '^team@company\\.',
    },
    miss: 'nobody',
  },
  CC: {
    hit: {
      CONTAINS: 'lead',
      EQUALS: 'lead@company.co.kr',
      STARTS_WITH: 'lead@',
      ENDS_WITH: 'co.kr',
      REGEX: 'l[aeiou]+d',
    },
    miss: 'ceo',
  },
  BCC: {
    hit: {
      CONTAINS: 'audit',
      EQUALS: 'AUDIT@company.co.kr',
      STARTS_WITH: 'aud',
      ENDS_WITH: '.kr',
      REGEX: '^a\\w+@',
    },
    miss: 'secret',
  },
  BODY: {
    hit: {
      CONTAINS: 'agenda',
      EQUALS: '안녕하세요.\nthe agenda is attached.\n회의실 3층',
      STARTS_WITH: '안녕하세요',
      ENDS_WITH: '3층',
      REGEX: '회의실\\s+\\d층',
    },
    miss: 'invoice',
  },
  ATTACHMENT: {
    hit: {
      CONTAINS: '안건',
      EQUALS: '회의안건.pdf',
      STARTS_WITH: '회의',
      ENDS_WITH: '.PDF',
      REGEX: '\\.pdf$',
    },
    miss: '.xlsx',
  },
};

describe('every text condition type with every allowed operator', () => {
  for (const [type, { hit, miss }] of Object.entries(TEXT_CASES) as Array<
    [ConditionType, (typeof TEXT_CASES)[string]]
  >) {
    it(`${type}`, () => {
      for (const [op, value] of Object.entries(hit) as Array<[Operator, string]>) {
        expect(matches(cond(type, op, value)), `${type} ${op} ${value}`).toBe(true);
        expect(matches(cond(type, op, miss)), `${type} ${op} ${miss}`).toBe(false);
      }
      expect(matches(cond(type, 'NOT_CONTAINS', hit.CONTAINS))).toBe(false);
      expect(matches(cond(type, 'NOT_CONTAINS', miss))).toBe(true);
      expect(matches(cond(type, 'NOT_EQUALS', hit.EQUALS))).toBe(false);
      expect(matches(cond(type, 'NOT_EQUALS', miss))).toBe(true);
      expect(matches(cond(type, 'EXISTS'))).toBe(true);
      expect(matches(cond(type, 'EXISTS'), empty)).toBe(false);
      expect(matches(cond(type, 'NOT_EXISTS'))).toBe(false);
      expect(matches(cond(type, 'NOT_EXISTS'), empty)).toBe(true);
    });
  }
});

describe('the other condition types', () => {
  it('HAS_ATTACHMENT with EXISTS and NOT_EXISTS', () => {
    expect(matches(cond('HAS_ATTACHMENT', 'EXISTS'))).toBe(true);
    expect(matches(cond('HAS_ATTACHMENT', 'EXISTS'), empty)).toBe(false);
    expect(matches(cond('HAS_ATTACHMENT', 'NOT_EXISTS'))).toBe(false);
    expect(matches(cond('HAS_ATTACHMENT', 'NOT_EXISTS'), empty)).toBe(true);
    expect(matches(cond('HAS_ATTACHMENT', 'EXISTS'), { ...empty, hasAttachments: true })).toBe(true);
  });

  it('IMPORTANCE with EQUALS and NOT_EQUALS, unknown values counting as NORMAL', () => {
    expect(matches(cond('IMPORTANCE', 'EQUALS', 'HIGH'))).toBe(true);
    expect(matches(cond('IMPORTANCE', 'EQUALS', 'LOW'))).toBe(false);
    expect(matches(cond('IMPORTANCE', 'NOT_EQUALS', 'HIGH'))).toBe(false);
    expect(matches(cond('IMPORTANCE', 'NOT_EQUALS', 'LOW'))).toBe(true);
    expect(matches(cond('IMPORTANCE', 'EQUALS', 'NORMAL'), empty)).toBe(true);
  });

  it('SENDER_CHECK: FAILED is a DMARC fail, UNVERIFIED anything but a pass, mail written here verified', () => {
    const failed = { ...message, senderCheck: 'FAILED' as const };
    const unverified = { ...message, senderCheck: 'UNVERIFIED' as const };
    expect(matches(cond('SENDER_CHECK', 'EQUALS', 'FAILED'), failed)).toBe(true);
    expect(matches(cond('SENDER_CHECK', 'EQUALS', 'UNVERIFIED'), failed)).toBe(true);
    expect(matches(cond('SENDER_CHECK', 'EQUALS', 'FAILED'), unverified)).toBe(false);
    expect(matches(cond('SENDER_CHECK', 'EQUALS', 'UNVERIFIED'), unverified)).toBe(true);
    expect(matches(cond('SENDER_CHECK', 'NOT_EQUALS', 'VERIFIED'), unverified)).toBe(true);
    expect(matches(cond('SENDER_CHECK', 'EQUALS', 'VERIFIED'))).toBe(true);
    expect(matches(cond('SENDER_CHECK', 'NOT_EQUALS', 'VERIFIED'))).toBe(false);
  });

  it('SIZE with GREATER_THAN, LESS_THAN and EQUALS in bytes', () => {
    expect(matches(cond('SIZE', 'GREATER_THAN', '2047'))).toBe(true);
    expect(matches(cond('SIZE', 'GREATER_THAN', '2048'))).toBe(false);
    expect(matches(cond('SIZE', 'LESS_THAN', '2049'))).toBe(true);
    expect(matches(cond('SIZE', 'LESS_THAN', '2048'))).toBe(false);
    expect(matches(cond('SIZE', 'EQUALS', '2048'))).toBe(true);
    expect(matches(cond('SIZE', 'EQUALS', '2047'))).toBe(false);
  });
});

afterAll(() => {
  // Guards the tables above: every operator the form offers was run at least once.
  const missing = Object.entries(OPERATORS_BY_CONDITION_TYPE).flatMap(([type, ops]) =>
    ops.map((op) => `${type}:${op}`).filter((key) => !exercised.has(key)),
  );
  expect(missing).toEqual([]);
});

describe('case sensitivity', () => {
  it('ignores case by default and respects it when asked, for text and regex', () => {
    expect(matches(cond('SUBJECT', 'CONTAINS', 'WEEKLY'))).toBe(true);
    expect(matches(cond('SUBJECT', 'CONTAINS', 'WEEKLY', { caseSensitive: true }))).toBe(false);
    expect(matches(cond('SUBJECT', 'CONTAINS', 'Weekly', { caseSensitive: true }))).toBe(true);
    expect(matches(cond('SUBJECT', 'REGEX', 'weekly sync', { caseSensitive: true }))).toBe(false);
    expect(matches(cond('SUBJECT', 'REGEX', '(?i)weekly sync', { caseSensitive: true }))).toBe(true);
    expect(matches(cond('SUBJECT', 'REGEX', 'WEEKLY\\s+SYNC'))).toBe(true);
    expect(matches(cond('SUBJECT', 'REGEX', '\\S+LY SYNC'))).toBe(true);
    expect(matches(cond('SUBJECT', 'REGEX', '[A-Z]+ly'), { ...message, subject: 'weekly' })).toBe(true);
    expect(
      matches(cond('SUBJECT', 'REGEX', '[A-Z]+ly', { caseSensitive: true }), {
        ...message,
        subject: 'weekly',
      }),
    ).toBe(false);
  });

  it('leaves Korean alone and matches decomposed (NFD) Korean file names', () => {
    expect(matches(cond('SUBJECT', 'CONTAINS', '회의', { caseSensitive: true }))).toBe(true);
    const nfd = { ...message, attachmentNames: ['회의안건.pdf'.normalize('NFD')] };
    expect(matches(cond('ATTACHMENT', 'STARTS_WITH', '회의안건'), nfd)).toBe(true);
  });
});

describe('regular expressions', () => {
  it('anchors EQUALS, STARTS_WITH and ENDS_WITH when isRegex is set', () => {
    expect(matches(cond('FROM', 'EQUALS', 'minji\\.kim@company\\.co\\.kr', { isRegex: true }))).toBe(true);
    expect(matches(cond('FROM', 'EQUALS', 'minji', { isRegex: true }))).toBe(false);
    expect(matches(cond('FROM', 'STARTS_WITH', 'm.nji', { isRegex: true }))).toBe(true);
    expect(matches(cond('SUBJECT', 'NOT_CONTAINS', 'sync|meeting', { isRegex: true }))).toBe(false);
  });

  it('finishes a catastrophic-backtracking pattern on a long input at once', () => {
    const body = `${'a'.repeat(100_000)}!`;
    const started = performance.now();
    expect(matches(cond('BODY', 'REGEX', '(a+)+$'), { ...message, bodyText: body })).toBe(false);
    expect(matches(cond('BODY', 'REGEX', '(x+x+)+y'), { ...message, bodyText: 'x'.repeat(50_000) })).toBe(
      false,
    );
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses patterns RE2 cannot compile, and a stored one never matches', () => {
    expect(validateRegex('^\\d{3}-\\d{4}$')).toBeNull();
    expect(validateRegex('(?i)회의')).toBeNull();
    expect(validateRegex('(unclosed')).toMatch(/missing closing \)/);
    expect(validateRegex('foo(?=bar)')).not.toBeNull();
    expect(validateRegex('(a)\\1')).not.toBeNull();
    const result = evaluateFilter(filter([cond('SUBJECT', 'REGEX', '(unclosed')]), message);
    expect(result).toMatchObject({ matched: false, failure: 'invalidRegex' });
    expect(result.reason.en).toContain('cannot be used');
  });
});

describe('lists and NOT_ operators', () => {
  it('matches a list when any address matches, and NOT_ when none does', () => {
    expect(matches(cond('TO', 'EQUALS', 'me@postline.local'))).toBe(true);
    expect(matches(cond('TO', 'NOT_EQUALS', 'me@postline.local'))).toBe(false);
    expect(matches(cond('TO', 'NOT_CONTAINS', 'company'))).toBe(false);
    expect(matches(cond('TO', 'NOT_CONTAINS', 'example.org'))).toBe(true);
    expect(matches(cond('CC', 'NOT_CONTAINS', 'anything'), empty)).toBe(true);
    expect(matches(cond('CC', 'CONTAINS', 'anything'), empty)).toBe(false);
  });
});

describe('bodies over 1 MB', () => {
  it('are searched only in their first 1 MiB', () => {
    const filler = 'x'.repeat(BODY_MATCH_LIMIT_CHARS - 10);
    expect(matches(cond('BODY', 'CONTAINS', 'needle'), { ...message, bodyText: `${filler}needle` })).toBe(
      true,
    );
    expect(
      matches(cond('BODY', 'CONTAINS', 'needle'), { ...message, bodyText: `${filler}0123456789needle` }),
    ).toBe(false);
  });
});

describe('planning filters', () => {
  const hit = cond('SUBJECT', 'CONTAINS', '회의');
  const miss = cond('SUBJECT', 'CONTAINS', '휴가');

  it('ANDs conditions and reports the first that failed', () => {
    const result = evaluateFilter(filter([hit, miss, cond('SIZE', 'LESS_THAN', '10')]), message);
    expect(result.matched).toBe(false);
    expect(result.failedCondition).toEqual(miss);
    expect(result.matchedConditions).toEqual([hit]);
    expect(result.reason.ko).toContain('휴가');
  });

  it('runs actions in sortOrder and filters in the order given, skipping inactive ones', () => {
    const plan = planFilters(
      [
        filter(
          [hit],
          [action('ADD_LABEL', 'work', 2), action('MARK_READ', null, 0), action('MARK_STARRED', null, 1)],
          { id: 1 },
        ),
        filter([hit], [action('DELETE')], { id: 2, isActive: false }),
        filter([miss], [action('DELETE')], { id: 3 }),
        filter([hit], [action('MOVE_TO_FOLDER', '9')], { id: 4 }),
      ],
      message,
    );
    expect(plan.actions.map((a) => [a.filterId, a.actionType])).toEqual([
      [1, 'MARK_READ'],
      [1, 'MARK_STARRED'],
      [1, 'ADD_LABEL'],
      [4, 'MOVE_TO_FOLDER'],
    ]);
    expect(plan.matchedFilters.map((f) => f.filterId)).toEqual([1, 4]);
    expect(plan.stoppedBy).toBeNull();
  });

  it('stops at STOP_PROCESSING: later actions of the filter and later filters never run', () => {
    const plan = planFilters(
      [
        filter([miss], [action('STOP_PROCESSING')], { id: 1 }),
        filter(
          [hit],
          [action('ADD_LABEL', 'a', 0), action('STOP_PROCESSING', null, 1), action('MARK_READ', null, 2)],
          { id: 2 },
        ),
        filter([hit], [action('DELETE')], { id: 3 }),
      ],
      message,
    );
    expect(plan.actions.map((a) => a.actionType)).toEqual(['ADD_LABEL', 'STOP_PROCESSING']);
    expect(plan.stoppedBy?.filterId).toBe(2);
    expect(plan.matchedFilters.map((f) => f.filterId)).toEqual([2]);
  });

  it('folds the plan into what delivery does, the last destination winning', () => {
    const plan = planFilters(
      [
        filter([hit], [action('DELETE'), action('MARK_SPAM', null, 1), action('ADD_LABEL', '업무', 2)], {
          id: 1,
        }),
        filter([hit], [action('NOT_SPAM'), action('ADD_LABEL', '업무', 1), action('FORWARD', 'a@x.com', 2)], {
          id: 2,
        }),
        filter(
          [hit],
          [
            action('FORWARD', 'A@X.com'),
            action('AUTO_REPLY', 'template:4', 1),
            action('MARK_UNREAD', null, 2),
          ],
          { id: 3 },
        ),
      ],
      message,
    );
    expect(summarizePlan(plan.actions)).toEqual({
      destination: { kind: 'inbox' },
      read: false,
      starred: null,
      labels: ['업무'],
      forwardTo: ['a@x.com'],
      autoReply: { kind: 'template', templateId: '4' },
      notSpam: true,
    });
  });
});

describe('the test modal', () => {
  it('tests the built-in samples and answers in the request language', () => {
    const urgent = filter(
      [cond('SUBJECT', 'CONTAINS', '긴급'), cond('IMPORTANCE', 'EQUALS', 'HIGH')],
      [action('MOVE_TO_FOLDER', '5'), action('MARK_STARRED', null, 1)],
    );
    const [first, second] = FILTER_TEST_SAMPLES.map(sampleToFilterableMessage);
    const en = toFilterTestResult(evaluateFilter(urgent, first as FilterableMessage), 'en', {
      folderName: (id) => (id === '5' ? 'Alerts' : null),
    });
    expect(en).toMatchObject({ matched: true, reason: 'All 2 conditions matched.' });
    expect(en.appliedActions.map((a) => a.description)).toEqual(['Move to folder: Alerts', 'Star']);
    expect(en.matchedConditions.map((c) => c.description)).toEqual([
      'Subject contains "긴급"',
      'Importance equals high',
    ]);
    const ko = toFilterTestResult(evaluateFilter(urgent, second as FilterableMessage), 'ko');
    expect(ko.matched).toBe(false);
    expect(ko.appliedActions).toEqual([]);
    expect(ko.failedCondition?.description).toBe('제목: "긴급" 포함');
  });

  it('gives a filter without conditions no match', () => {
    expect(evaluateFilter(filter([]), message)).toMatchObject({ matched: false, failure: 'noConditions' });
  });
});
