import type { Language } from '@postline/shared/errors';
import { FILTER_NAME_MAX, type FilterAction, type FilterImportResult } from '@postline/shared/filters';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { and, condition, leaf, not, type ConditionExpr } from './boolean.js';
import { parseGmailQuery, type GmailTextField } from './gmail-query.js';
import { ImportCollector } from './import-assembly.js';

/*
 * Imports Gmail's filter export (Settings > Filters > Export: mailFilters.xml), an Atom feed whose
 * entries carry <apps:property name="..." value="..."/>. Criteria AND together; a property holding
 * Gmail search syntax goes through gmail-query.ts. Gmail's "to" also looks at Cc; here it is To only.
 */

export interface GmailImportOptions {
  language?: Language;
}

type PlainAction = Pick<FilterAction, 'actionType' | 'actionValue'>;

const QUERY_PROPERTIES: Record<string, GmailTextField> = {
  from: 'FROM',
  to: 'TO',
  subject: 'SUBJECT',
  hasTheWord: 'BODY',
};
/** Boolean actions, in the order they run: the destination-changing ones last, trash after archive. */
const FLAG_ACTIONS: Array<[string, PlainAction]> = [
  ['shouldMarkAsRead', { actionType: 'MARK_READ', actionValue: null }],
  ['shouldStar', { actionType: 'MARK_STARRED', actionValue: null }],
  ['shouldAlwaysMarkAsImportant', { actionType: 'ADD_LABEL', actionValue: 'important' }],
  ['shouldNeverSpam', { actionType: 'NOT_SPAM', actionValue: null }],
  ['shouldArchive', { actionType: 'SKIP_INBOX', actionValue: null }],
  ['shouldTrash', { actionType: 'DELETE', actionValue: null }],
];
/** Gmail actions with no Postline counterpart: ignored with a warning, the rest of the filter kept. */
const UNSUPPORTED_ACTIONS = new Set([
  'shouldNeverMarkAsImportant',
  'smartLabelToApply',
  'cannedResponse',
  'shouldSpam',
]);
/** Properties that change nothing for mail in Postline. */
const NEUTRAL = new Set(['excludeChats', 'sizeOperator', 'sizeUnit']);
const SIZE_UNITS: Record<string, number> = { s_sb: 1, s_skb: 1024, s_smb: 1024 * 1024 };

interface GmailEntry {
  properties: Array<{ name: string; value: string }>;
  line: number;
}

function readEntries(xml: string): GmailEntry[] {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    removeNSPrefix: true,
    parseAttributeValue: false,
    parseTagValue: false,
    // Decodes numeric references (&#54620;) as well as the five XML entities.
    htmlEntities: true,
    isArray: (name) => name === 'entry' || name === 'property',
  });
  // Only the parsed shape matters here; fast-xml-parser returns untyped data.
  const doc = parser.parse(xml) as {
    feed?: { entry?: Array<{ property?: Array<Record<string, unknown>> }> };
  };
  const starts: number[] = [];
  let line = 1;
  for (const m of xml.matchAll(/<entry[\s>]|\n/g)) {
    if (m[0] === '\n') line += 1;
    else starts.push(line);
  }
  return (doc.feed?.entry ?? []).map((entry, index) => ({
    properties: (entry.property ?? []).map((p) => ({
      name: String(p.name ?? ''),
      value: String(p.value ?? ''),
    })),
    line: starts[index] ?? 1,
  }));
}

function entryName(props: Map<string, string>): string {
  const parts = ['from', 'to', 'subject', 'hasTheWord']
    .filter((k) => props.get(k))
    .map((k) => `${k === 'hasTheWord' ? '' : `${k}:`}${props.get(k)}`);
  if (props.get('hasAttachment') === 'true') parts.push('has:attachment');
  const name = `Gmail: ${parts.join(' ') || 'filter'}`;
  return name.length > FILTER_NAME_MAX ? `${name.slice(0, FILTER_NAME_MAX - 1)}…` : name;
}

function importEntry(entry: GmailEntry, out: ImportCollector): void {
  const props = new Map(entry.properties.map((p) => [p.name, p.value]));
  const source = entry.properties.map((p) => `${p.name}=${p.value}`).join(', ');
  const criteria: ConditionExpr[] = [];
  const actions: PlainAction[] = [];
  for (const [name, value] of props) {
    const field = QUERY_PROPERTIES[name];
    if (field || name === 'doesNotHaveTheWord') {
      const parsed = parseGmailQuery(value, field ?? 'BODY', field ? 'all' : 'any');
      if ('unsupported' in parsed) {
        out.warnings.add('unsupportedQuery', entry.line, `${name}: ${value}`, { detail: parsed.unsupported });
        return;
      }
      criteria.push(field ? parsed.expr : not(parsed.expr));
    } else if (name === 'hasAttachment') {
      if (value === 'true') criteria.push(leaf(condition('HAS_ATTACHMENT', 'EXISTS')));
    } else if (name === 'size') {
      const unit = SIZE_UNITS[props.get('sizeUnit') ?? 's_sb'];
      const larger = (props.get('sizeOperator') ?? 's_sl') !== 's_ss';
      if (unit === undefined || !/^\d+$/.test(value)) {
        out.warnings.add('unsupportedQuery', entry.line, `size: ${value}`, { detail: `size ${value}` });
        return;
      }
      criteria.push(
        leaf(condition('SIZE', larger ? 'GREATER_THAN' : 'LESS_THAN', String(Number(value) * unit))),
      );
    } else if (name === 'label') {
      actions.push({ actionType: 'ADD_LABEL', actionValue: value });
    } else if (name === 'forwardTo') {
      actions.push({ actionType: 'FORWARD', actionValue: value });
    } else if (FLAG_ACTIONS.some(([flag]) => flag === name) || NEUTRAL.has(name)) {
      continue;
    } else if (UNSUPPORTED_ACTIONS.has(name)) {
      out.warnings.add('unsupportedProperty', entry.line, `${name}=${value}`, { name });
    } else {
      // An unknown criterion left out would widen the filter: skip the whole entry.
      out.warnings.add('unknownProperty', entry.line, `${name}=${value}`, { name });
      return;
    }
  }
  for (const [flag, action] of FLAG_ACTIONS) if (props.get(flag) === 'true') actions.push(action);
  // Labels, then the flag actions in FLAG_ACTIONS order, then forwarding.
  const ordered = [
    ...actions.filter((a) => a.actionType === 'ADD_LABEL'),
    ...actions.filter((a) => a.actionType !== 'ADD_LABEL' && a.actionType !== 'FORWARD'),
    ...actions.filter((a) => a.actionType === 'FORWARD'),
  ];
  if (criteria.length === 0) {
    out.warnings.add('noCriteria', entry.line, source);
    return;
  }
  out.addRule({
    name: entryName(props),
    isActive: true,
    expr: and(...criteria),
    actions: ordered,
    line: entry.line,
    source,
  });
}

/** Imports Gmail's mailFilters.xml into filter requests, with warnings for what cannot be mapped. */
export function importGmailFilters(xml: string, options: GmailImportOptions = {}): FilterImportResult {
  const out = new ImportCollector(options.language);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    out.warnings.add('invalidXml', valid.err.line, '', { detail: valid.err.msg });
    return out.result();
  }
  let entries: GmailEntry[];
  try {
    entries = readEntries(xml);
  } catch (error) {
    out.warnings.add('invalidXml', null, '', {
      detail: error instanceof Error ? error.message : String(error),
    });
    return out.result();
  }
  for (const entry of entries) importEntry(entry, out);
  if (entries.length === 0) out.warnings.add('noFilters', null, '');
  return out.result();
}
