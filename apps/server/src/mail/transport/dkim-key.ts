import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/*
 * The key our outgoing mail is signed with (DKIM, RFC 6376). Given as a PEM file
 * (DKIM_PRIVATE_KEY_FILE: every node of a cluster points at the same one), or made on first start
 * as DATA_DIR/dkim/<selector>.pem, which `npm run dns-records` reads to print the record to publish.
 */

export interface DkimKey {
  selector: string;
  domain: string;
  privateKeyPem: string;
  /** The p= value of the DNS record: the public key, base64 DER (SubjectPublicKeyInfo). */
  publicKeyBase64: string;
}

export interface DkimKeyOptions {
  domain: string;
  selector: string;
  dataDir: string;
  privateKeyFile?: string | undefined;
}

export function dkimKeyPath(dataDir: string, selector: string): string {
  return path.join(dataDir, 'dkim', `${selector}.pem`);
}

function publicKeyOf(privateKeyPem: string): string {
  return crypto.createPublicKey(privateKeyPem).export({ type: 'spki', format: 'der' }).toString('base64');
}

/** Reads the configured or stored key; makes and stores one (RSA 2048) when there is none. */
export function loadDkimKey(options: DkimKeyOptions): DkimKey {
  const file = options.privateKeyFile ?? dkimKeyPath(options.dataDir, options.selector);
  let privateKeyPem: string;
  if (fs.existsSync(file)) {
    privateKeyPem = fs.readFileSync(file, 'utf8');
  } else if (options.privateKeyFile) {
    throw new Error(`DKIM_PRIVATE_KEY_FILE ${file} does not exist.`);
  } else {
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written whole under a temporary name first: a crash never leaves half a key behind.
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, privateKeyPem, { mode: 0o600 });
    fs.renameSync(temporary, file);
  }
  return {
    selector: options.selector,
    domain: options.domain,
    privateKeyPem,
    publicKeyBase64: publicKeyOf(privateKeyPem),
  };
}

export interface DnsRecord {
  name: string;
  type: 'MX' | 'TXT';
  value: string;
  purpose: string;
}

/** What to publish for MAIL_DOMAIN: MX, SPF, the DKIM key and a DMARC policy. */
export function dnsRecordsFor(key: DkimKey, mailHost: string): DnsRecord[] {
  return [
    { name: key.domain, type: 'MX', value: `10 ${mailHost}.`, purpose: 'where mail for the domain goes' },
    { name: key.domain, type: 'TXT', value: 'v=spf1 mx -all', purpose: 'SPF: only the MX hosts send for it' },
    {
      name: `${key.selector}._domainkey.${key.domain}`,
      type: 'TXT',
      value: `v=DKIM1; k=rsa; p=${key.publicKeyBase64}`,
      purpose: 'DKIM: the key outgoing mail is signed with',
    },
    {
      name: `_dmarc.${key.domain}`,
      type: 'TXT',
      value: `v=DMARC1; p=quarantine; adkim=s; aspf=s; rua=mailto:postmaster@${key.domain}`,
      purpose: 'DMARC: what receivers do with mail that fails both',
    },
  ];
}
