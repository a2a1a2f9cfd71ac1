import type { FilterCondition } from '@postline/shared/filters';
import { condition } from './boolean.js';
import { planFilters, type EngineFilter } from './evaluate.js';
import type { FilterableMessage } from './message.js';

export interface FilterBenchOptions {
  /** Filters per user, in priority order (default 50). */
  filters?: number;
  /** Messages run through them (default 2000). */
  messages?: number;
  /** Body length of each message in characters (default 20,000). */
  bodyChars?: number;
}

export interface FilterBenchResult {
  filters: number;
  messages: number;
  bodyChars: number;
  totalMs: number;
  messagesPerSecond: number;
  /** Actions planned in total, so the work cannot be optimised away. */
  plannedActions: number;
}

const WORDS = [
  '회의',
  'meeting',
  '보고서',
  'invoice',
  '프로젝트',
  'release',
  '일정',
  'urgent',
  '안내',
  'newsletter',
];

function syntheticFilter(i: number): EngineFilter {
  const word = WORDS[i % WORDS.length] as string;
  const shapes: FilterCondition[][] = [
    [condition('SUBJECT', 'CONTAINS', word)],
    [condition('FROM', 'ENDS_WITH', `@team${i}.example.com`)],
    [condition('BODY', 'CONTAINS', `${word}-${i}`), condition('HAS_ATTACHMENT', 'EXISTS')],
    [condition('SUBJECT', 'REGEX', `^\\[(${word}|ticket-\\d+)\\]`)],
    [condition('BODY', 'REGEX', `(?:order|주문)\\s*#?${i}\\d{3}`)],
    [condition('SIZE', 'GREATER_THAN', String(1_000_000 + i)), condition('TO', 'NOT_CONTAINS', 'boss@')],
  ];
  return {
    id: i + 1,
    name: `bench ${i}`,
    conditions: shapes[i % shapes.length] as FilterCondition[],
    actions: [{ actionType: 'ADD_LABEL', actionValue: word, sortOrder: 0 }],
  };
}

function syntheticMessage(i: number, bodyChars: number): FilterableMessage {
  const word = WORDS[(i * 7) % WORDS.length] as string;
  const line = `안녕하세요, ${word} 관련 안내입니다. Please review order #${i} before Friday. `;
  return {
    subject: `[${word}] 주간 ${word} update ${i}`,
    fromAddress: `sender${i % 97}@team${i % 50}.example.com`,
    fromName: `보낸이 ${i}`,
    toAddresses: ['me@postline.local', `cc${i % 13}@example.com`],
    ccAddresses: [],
    bccAddresses: [],
    bodyText: line.repeat(Math.ceil(bodyChars / line.length)).slice(0, bodyChars),
    attachmentNames: i % 3 === 0 ? [`report-${i}.pdf`] : [],
    hasAttachments: i % 3 === 0,
    importance: 'NORMAL',
    sizeBytes: bodyChars * 2,
  };
}

/**
 * A micro benchmark of planFilters over synthetic Korean/English mail: for bench/ scripts to call
 * (e.g. `import('dist/modules/filters/engine/bench.js')`). Pure apart from reading the clock.
 */
export function benchmarkFilterEngine(options: FilterBenchOptions = {}): FilterBenchResult {
  const filterCount = options.filters ?? 50;
  const messageCount = options.messages ?? 2000;
  const bodyChars = options.bodyChars ?? 20_000;
  const filters = Array.from({ length: filterCount }, (_, i) => syntheticFilter(i));
  const messages = Array.from({ length: messageCount }, (_, i) => syntheticMessage(i, bodyChars));
  let plannedActions = 0;
  const start = performance.now();
  for (const message of messages) plannedActions += planFilters(filters, message).actions.length;
  const totalMs = performance.now() - start;
  return {
    filters: filterCount,
    messages: messageCount,
    bodyChars,
    totalMs: Math.round(totalMs * 100) / 100,
    messagesPerSecond: Math.round((messageCount / totalMs) * 1000),
    plannedActions,
  };
}
