import crypto from 'node:crypto';
import { dkimSign } from 'mailauth';

/**
 * A sending domain's DKIM key for tests: the private key signs, `record` is the TXT record to
 * publish at `{selector}._domainkey.{domain}` on the test DNS server.
 */
export function dkimSigner(domain: string, selector: string) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const record = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
  const key = { signingDomain: domain, selector, privateKey: privatePem };

  /**
   * The message with a DKIM-Signature header in front, as the domain's servers would send it;
   * `headerList` ("From:To:…") names the signed headers instead of mailauth's default list.
   */
  async function sign(raw: Buffer, headerList?: string): Promise<Buffer> {
    // signTime fixes t=: without it mailauth reads the clock once for the signed header and again
    // for the written one, and about 1 signature in 300 crossed a second between the two and
    // failed its own verification ("bad signature"; measured with mailauth 4.13.3).
    const result = await dkimSign(raw, {
      ...key,
      signTime: new Date(),
      signatureData: [key],
      // mailauth 4.13 reads headerList as one "A:B:C" string (lib/tools.js getSigningHeaderLines)
      // although its types say string[]: an array would be ignored for the default list.
      ...(headerList ? { headerList: headerList as unknown as string[] } : {}),
    });
    if (!result.signatures.trim()) throw new Error(`not signed: ${JSON.stringify(result.errors)}`);
    return Buffer.concat([Buffer.from(result.signatures), raw]);
  }
  return { record, sign };
}
