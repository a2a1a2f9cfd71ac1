import type { FilterCondition, Operator } from '@postline/shared/filters';
import { foldText, type PreparedMessage, type TextConditionType } from './message.js';
import { compileFilterRegex } from './regex.js';

export type ConditionOutcome = 'matched' | 'notMatched' | 'invalidRegex';

/** Each NOT_ operator is the exact negation of its positive one; on lists it means "none matches". */
const POSITIVE_OF: Partial<Record<Operator, Operator>> = {
  NOT_CONTAINS: 'CONTAINS',
  NOT_EQUALS: 'EQUALS',
  NOT_EXISTS: 'EXISTS',
};

/** Wraps a user pattern so EQUALS / STARTS_WITH / ENDS_WITH keep their meaning with isRegex. */
function anchored(positive: Operator, pattern: string): string {
  switch (positive) {
    case 'EQUALS':
      return `^(?:${pattern})$`;
    case 'STARTS_WITH':
      return `^(?:${pattern})`;
    case 'ENDS_WITH':
      return `(?:${pattern})$`;
    default:
      return pattern;
  }
}

interface TextTest {
  test: (candidate: string) => boolean;
  /** Whether candidates must be the lower-cased texts. */
  folded: boolean;
}

/**
 * Case-insensitive regexes without upper-case letters run case-sensitively on lower-cased text:
 * the same folding plain matching uses, and re2js runs its case-sensitive automaton several times
 * faster. A pattern with capitals (`[A-Z]`, `\S`, `\P{Lu}`) keeps RE2's case-insensitive flag.
 */
function textTest(c: FilterCondition, positive: Operator): TextTest | 'invalidRegex' {
  if (positive === 'REGEX' || c.isRegex) {
    const pattern = anchored(positive, c.value.normalize('NFC'));
    const folded = !c.caseSensitive && pattern === pattern.toLowerCase();
    try {
      const re = compileFilterRegex(pattern, c.caseSensitive || folded);
      return { test: (s) => re.test(s), folded };
    } catch {
      return 'invalidRegex';
    }
  }
  const needle = foldText(c.value, !c.caseSensitive);
  const folded = !c.caseSensitive;
  switch (positive) {
    case 'CONTAINS':
      return { test: (s) => s.includes(needle), folded };
    case 'EQUALS':
      return { test: (s) => s === needle, folded };
    case 'STARTS_WITH':
      return { test: (s) => s.startsWith(needle), folded };
    case 'ENDS_WITH':
      return { test: (s) => s.endsWith(needle), folded };
    default:
      return { test: () => false, folded };
  }
}

function textOutcome(c: FilterCondition, type: TextConditionType, m: PreparedMessage): ConditionOutcome {
  const positive = POSITIVE_OF[c.operator] ?? c.operator;
  let found: boolean;
  if (positive === 'EXISTS') {
    found = m.exists(type);
  } else {
    const matcher = textTest(c, positive);
    if (matcher === 'invalidRegex') return 'invalidRegex';
    found = m.texts(type, matcher.folded).some(matcher.test);
  }
  const result = positive === c.operator ? found : !found;
  return result ? 'matched' : 'notMatched';
}

function sizeOutcome(c: FilterCondition, sizeBytes: number): boolean {
  const limit = Number(c.value);
  if (!Number.isFinite(limit)) return false;
  if (c.operator === 'GREATER_THAN') return sizeBytes > limit;
  if (c.operator === 'LESS_THAN') return sizeBytes < limit;
  return c.operator === 'EQUALS' && sizeBytes === limit;
}

/** Tests one condition against a prepared message. */
export function testCondition(c: FilterCondition, m: PreparedMessage): ConditionOutcome {
  let result: boolean;
  switch (c.conditionType) {
    case 'HAS_ATTACHMENT':
      result =
        c.operator === 'EXISTS' ? m.hasAttachment() : c.operator === 'NOT_EXISTS' && !m.hasAttachment();
      break;
    case 'IMPORTANCE': {
      const same = m.importance() === c.value.trim().toUpperCase();
      result = c.operator === 'EQUALS' ? same : c.operator === 'NOT_EQUALS' && !same;
      break;
    }
    case 'SIZE':
      result = sizeOutcome(c, m.source.sizeBytes);
      break;
    case 'SENDER_CHECK': {
      const same = m.senderCheckIs(c.value);
      result = c.operator === 'EQUALS' ? same : c.operator === 'NOT_EQUALS' && !same;
      break;
    }
    default:
      return textOutcome(c, c.conditionType, m);
  }
  return result ? 'matched' : 'notMatched';
}
