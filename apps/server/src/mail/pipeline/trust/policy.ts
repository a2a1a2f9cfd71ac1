import type { MessageAuthentication } from '@postline/shared/messages';
import type { Disposition } from '../../format/types.js';
import type { SpamVerdict } from './rspamd.js';

/*
 * What inbound delivery does with the sender checks and the spam score (issue 15): refuse at DATA
 * (the sender's server tells its user why), file in Spam, or deliver. Pure rules, so the SMTP step
 * and its tests read the same table.
 */

export type DmarcEnforce = 'reject' | 'quarantine' | 'tag';

/**
 * DMARC (RFC 7489 6.3): a failing mail whose domain publishes p=reject is refused, or filed in
 * Spam, or only marked, as DMARC_ENFORCE says; p=quarantine is filed in Spam unless `tag`.
 */
export function dmarcDisposition(verdict: MessageAuthentication, enforce: DmarcEnforce): Disposition {
  if (verdict.dmarc.result !== 'fail' || enforce === 'tag') return { kind: 'deliver' };
  const policy = (verdict.dmarc.policy ?? 'none').toLowerCase();
  if (policy === 'reject') {
    return enforce === 'reject'
      ? {
          kind: 'refuse',
          reason: `The sender's domain ${verdict.dmarc.domain ?? ''} did not authorise this mail (DMARC p=reject)`,
        }
      : { kind: 'spam' };
  }
  return policy === 'quarantine' ? { kind: 'spam' } : { kind: 'deliver' };
}

/** rspamd's own action: reject refuses, the junk actions file in Spam, the rest is delivered. */
export function spamDisposition(verdict: SpamVerdict): Disposition {
  if (verdict.action === 'reject') {
    return { kind: 'refuse', reason: `Message refused as spam (score ${verdict.score.toFixed(1)})` };
  }
  if (verdict.action === 'add header' || verdict.action === 'rewrite subject') return { kind: 'spam' };
  return { kind: 'deliver' };
}

/** The stricter of two: refuse beats spam beats deliver. */
export function stricter(a: Disposition, b: Disposition): Disposition {
  const rank = { deliver: 0, spam: 1, refuse: 2 } as const;
  return rank[b.kind] > rank[a.kind] ? b : a;
}

/**
 * The score and symbols as header lines on top of the stored source, so "show original" shows why
 * (rspamd's own X-Spamd-Result form).
 */
export function spamHeaders(verdict: SpamVerdict): string {
  const symbols = verdict.symbols.map((symbol) => `${symbol.name}(${symbol.score.toFixed(2)})`).join(' ');
  const isSpam = verdict.action !== 'no action' && verdict.action !== 'greylist';
  return (
    `X-Spamd-Result: default: ${isSpam ? 'True' : 'False'} [${verdict.score.toFixed(2)} / ${verdict.requiredScore.toFixed(2)}]; ${symbols}\r\n` +
    `X-Spam-Action: ${verdict.action}\r\n`
  );
}
