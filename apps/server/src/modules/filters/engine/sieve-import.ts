import type { Language } from '@postline/shared/errors';
import type { FilterAction, FilterImportResult } from '@postline/shared/filters';
import { serverText } from '../../../lib/i18n.js';
import { and, not, type ConditionExpr } from './boolean.js';
import { ImportCollector } from './import-assembly.js';
import { ADDFLAG_ACTIONS, readActionArgs, REMOVEFLAG_ACTIONS, type ActionArgs } from './sieve-action-args.js';
import {
  parseSieve,
  parseSieveTest,
  renderSieveTest,
  SieveSyntaxError,
  type SieveCommand,
  type SieveComment,
  type SieveTest,
} from './sieve-syntax.js';
import { SieveTestConverter } from './sieve-tests.js';
import { readAwayRule, type SieveAwayReply } from './sieve-vacation.js';

/*
 * Reads a Sieve script (RFC 5228) back into filters: Roundcube's managesieve output, our own export,
 * and hand-written scripts in the same subset. `if / elsif / else` chains become one filter per
 * branch with the earlier tests negated; `anyof` becomes several filters (boolean.ts). Everything
 * that cannot be mapped is reported with its line, never silently dropped.
 */

export interface SieveImportOptions {
  /** Mailbox id of a folder name; unknown names stay as the value and are listed in missingFolders. */
  resolveFolder?: (name: string) => string | null;
  language?: Language;
}

type PlainAction = Pick<FilterAction, 'actionType' | 'actionValue'>;
const ACTION_COMMANDS = new Set([
  'fileinto',
  'keep',
  'discard',
  'redirect',
  'addflag',
  'setflag',
  'removeflag',
  'vacation',
  'stop',
]);
const RULE_COMMENT = /^\s*rule:\[(.*)\]\s*$/;

class SieveImporter {
  readonly out: ImportCollector;
  private readonly tests: SieveTestConverter;
  private ruleCount = 0;

  constructor(
    private readonly options: SieveImportOptions,
    private readonly comments: SieveComment[],
  ) {
    this.out = new ImportCollector(options.language);
    this.tests = new SieveTestConverter(this.out.warnings);
  }

  private defaultName(): string {
    return serverText(this.options.language ?? 'ko', 'filters:sieveRule', { number: this.ruleCount });
  }

  /** The `# rule:[name]` comment Roundcube writes just above a rule. */
  private ruleName(afterLine: number, line: number): string | null {
    let name: string | null = null;
    for (const c of this.comments) {
      const m = c.line > afterLine && c.line < line ? RULE_COMMENT.exec(c.text) : null;
      if (m?.[1]) name = m[1].trim();
    }
    return name;
  }

  /** Roundcube disables a rule as `if false # <test>`; we also write `if allof (false, ...)`. */
  disabledTest(test: SieveTest): { test: SieveTest | null; disabled: boolean } {
    if (test.name === 'false') {
      const comment = this.comments.find((c) => c.line === test.line && c.text.trim() !== '');
      if (!comment) return { test, disabled: false };
      try {
        return { test: parseSieveTest(comment.text, test.line), disabled: true };
      } catch {
        return { test, disabled: false };
      }
    }
    if (test.name === 'allof' && test.tests[0]?.name === 'false' && test.tests.length > 1) {
      const rest = test.tests.slice(1);
      return { test: rest.length === 1 ? (rest[0] as SieveTest) : { ...test, tests: rest }, disabled: true };
    }
    return { test, disabled: false };
  }

  chain(branches: SieveCommand[], afterLine: number): void {
    this.ruleCount += 1;
    const first = branches[0] as SieveCommand;
    const name = this.ruleName(afterLine, first.line) ?? this.defaultName();
    const earlier: ConditionExpr[] = [];
    let broken = false;
    branches.forEach((branch, k) => {
      const label = k === 0 ? name : `${name} / ${branch.name}`;
      let test: SieveTest | null = branch.tests[0] ?? null;
      let disabled = false;
      if (k === 0 && test) ({ test, disabled } = this.disabledTest(test));
      const source = test ? `${branch.name} ${renderSieveTest(test)}` : branch.name;
      if (broken) {
        this.out.warnings.add('notInvertible', branch.line, source);
        return;
      }
      let expr: ConditionExpr | null = { kind: 'constant', value: true };
      if (branch.name !== 'else') expr = test ? this.tests.toExpr(test) : null;
      if (!expr) {
        broken = true;
        return;
      }
      const actions = this.block(branch.block ?? [], branch.line);
      this.out.addRule({
        name: label,
        isActive: !disabled,
        expr: earlier.length ? and(...earlier, expr) : expr,
        actions,
        line: branch.line,
        source,
      });
      // A disabled `if` is `false` in the script: later branches do not depend on its test.
      if (!disabled) earlier.push(not(expr));
    });
  }

  /** Top-level actions outside any `if` apply to every message. */
  unconditional(commands: SieveCommand[]): void {
    const actions = this.block(commands, commands[0]?.line ?? 1);
    if (actions.length === 0) return;
    this.ruleCount += 1;
    const line = commands[0]?.line ?? null;
    const source = commands.map((c) => c.name).join('; ');
    this.out.addRule({
      name: this.defaultName(),
      isActive: true,
      expr: { kind: 'constant', value: true },
      actions,
      line,
      source,
    });
  }

  private folder(name: string, line: number): PlainAction {
    if (/^(spam|junk)$/i.test(name)) return { actionType: 'MARK_SPAM', actionValue: null };
    if (/^archive$/i.test(name)) return { actionType: 'SKIP_INBOX', actionValue: null };
    const id = this.options.resolveFolder?.(name) ?? null;
    if (id === null) this.out.missingFolder(name, line, `fileinto "${name}"`);
    return { actionType: 'MOVE_TO_FOLDER', actionValue: id ?? name };
  }

  private flags(command: SieveCommand, values: string[], adding: boolean): PlainAction[] {
    const out: PlainAction[] = [];
    for (const flag of values.flatMap((v) => v.split(/\s+/)).filter(Boolean)) {
      const known = (adding ? ADDFLAG_ACTIONS : REMOVEFLAG_ACTIONS)[flag.toLowerCase()];
      // Any other keyword a rule adds is a label; system flags (\Answered, \Draft) have no action.
      const type = known ?? (adding && !flag.startsWith('\\') ? 'ADD_LABEL' : null);
      if (type === null)
        this.out.warnings.add('unsupportedAction', command.line, `${command.name} "${flag}"`);
      else out.push({ actionType: type, actionValue: type === 'ADD_LABEL' ? flag : null });
    }
    return out;
  }

  private block(commands: SieveCommand[], line: number): PlainAction[] {
    const actions: PlainAction[] = [];
    let kept = false;
    for (const c of commands) {
      const { tags, positional } = readActionArgs(c);
      const first = positional[0]?.[0] ?? '';
      switch (c.name) {
        case 'keep':
          kept = true;
          break;
        case 'discard':
          actions.push({ actionType: 'DELETE', actionValue: null });
          break;
        case 'stop':
          actions.push({ actionType: 'STOP_PROCESSING', actionValue: null });
          break;
        case 'fileinto': {
          if (tags.has('copy')) this.out.warnings.add('copyBecomesMove', c.line, `fileinto :copy "${first}"`);
          actions.push(this.folder(first, c.line));
          const flags = tags.get('flags');
          if (flags?.kind === 'strings') actions.push(...this.flags(c, flags.values, true));
          break;
        }
        case 'redirect':
          if (!tags.has('copy')) this.out.warnings.add('redirectKeepsCopy', c.line, `redirect "${first}"`);
          actions.push({ actionType: 'FORWARD', actionValue: first });
          break;
        case 'addflag':
        case 'setflag':
        case 'removeflag':
          // Two string arguments name a variable (RFC 5232 with variables): not supported.
          if (positional.length !== 1) this.out.warnings.add('unsupportedAction', c.line, renderSieveTest(c));
          else actions.push(...this.flags(c, positional[0] as string[], c.name !== 'removeflag'));
          break;
        case 'vacation':
          actions.push(this.vacation(c, { tags, positional }));
          break;
        case 'if':
        case 'elsif':
        case 'else':
          this.out.warnings.add(
            'nestedRule',
            c.line,
            c.tests[0] ? `if ${renderSieveTest(c.tests[0])}` : c.name,
          );
          break;
        default:
          this.out.warnings.add('unsupportedAction', c.line, renderSieveTest(c));
      }
    }
    const moves = actions.some((a) => ['MOVE_TO_FOLDER', 'MARK_SPAM', 'SKIP_INBOX'].includes(a.actionType));
    if (kept && moves) this.out.warnings.add('copyBecomesMove', line, 'keep');
    return actions;
  }

  /** RFC 5230: the reason is the last string; Postline answers once a day per sender. */
  private vacation(c: SieveCommand, args: ActionArgs): PlainAction {
    const ignored = [...args.tags.entries()]
      .filter(([name, value]) => !(name === 'days' && value?.kind === 'number' && value.value === 1))
      .map(([name]) => `:${name}`);
    if (ignored.length) {
      this.out.warnings.add('vacationOptionsIgnored', c.line, renderSieveTest(c), {
        detail: ignored.join(' '),
      });
    }
    const reason = args.positional[args.positional.length - 1]?.[0] ?? '';
    return { actionType: 'AUTO_REPLY', actionValue: reason.trim() };
  }
}

/** What a script holds: its filters, and the away reply if it has one (sieve-vacation.ts). */
export type SieveImportResult = FilterImportResult & { awayReply: SieveAwayReply | null };

/** Imports a Sieve script into filter requests (in script order, which is priority order). */
export function importSieveScript(script: string, options: SieveImportOptions = {}): SieveImportResult {
  let parsed;
  try {
    parsed = parseSieve(script);
  } catch (error) {
    const out = new ImportCollector(options.language);
    if (!(error instanceof SieveSyntaxError)) throw error;
    out.warnings.add('syntaxError', error.line, '', { detail: error.message });
    return { ...out.result(), awayReply: null };
  }
  const importer = new SieveImporter(options, parsed.comments);
  const { commands } = parsed;
  let afterLine = 0;
  let awayReply: SieveAwayReply | null = null;
  /** The away reply, when these commands are one (the first found counts). */
  const away = (test: SieveTest | null, disabled: boolean, block: SieveCommand[], line: number) => {
    const found = readAwayRule(test, disabled, block, (detail) =>
      importer.out.warnings.add('vacationOptionsIgnored', line, 'vacation', { detail }),
    );
    if (found) awayReply ??= found;
    return found !== null;
  };
  for (let i = 0; i < commands.length; i += 1) {
    const c = commands[i] as SieveCommand;
    if (c.name === 'require') {
      afterLine = c.endLine;
    } else if (c.name === 'if') {
      const chain = [c];
      while (['elsif', 'else'].includes(commands[i + 1]?.name ?? ''))
        chain.push(commands[++i] as SieveCommand);
      const first = c.tests[0] ? importer.disabledTest(c.tests[0]) : { test: null, disabled: false };
      if (chain.length > 1 || !away(first.test, first.disabled, c.block ?? [], c.line)) {
        importer.chain(chain, afterLine);
      }
      afterLine = chain[chain.length - 1]?.endLine ?? c.endLine;
    } else if (ACTION_COMMANDS.has(c.name)) {
      const run = [c];
      while (ACTION_COMMANDS.has(commands[i + 1]?.name ?? '')) run.push(commands[++i] as SieveCommand);
      if (!away(null, false, run, c.line)) importer.unconditional(run);
      afterLine = run[run.length - 1]?.endLine ?? c.endLine;
    } else {
      importer.out.warnings.add('unsupportedCommand', c.line, renderSieveTest(c));
      afterLine = c.endLine;
    }
  }
  const result = importer.out.result();
  if (result.filters.length === 0 && result.warnings.length === 0 && !awayReply)
    importer.out.warnings.add('noFilters', null, '');
  return { ...importer.out.result(), awayReply };
}
