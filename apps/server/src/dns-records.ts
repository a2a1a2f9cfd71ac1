import { loadConfig } from './config.js';
import { dnsRecordsFor, loadDkimKey } from './mail/transport/dkim-key.js';

/*
 * `npm run dns-records`: what to publish in DNS for MAIL_DOMAIN (MX, SPF, DKIM, DMARC), read from
 * the same configuration and DKIM key the server uses (made now if the server has not made it yet).
 * Printed as zone-file lines with a comment each, ready to paste.
 */
const config = loadConfig();
const key = loadDkimKey({
  domain: config.mailDomain,
  selector: config.dkim.selector,
  dataDir: config.dataDir,
  privateKeyFile: config.dkim.privateKeyFile,
});

/** TXT data in quoted chunks of at most 255 characters, as zone files and DNS want it. */
function quoted(value: string): string {
  const parts: string[] = [];
  for (let at = 0; at < value.length; at += 255) parts.push(`"${value.slice(at, at + 255)}"`);
  return parts.join(' ');
}

for (const record of dnsRecordsFor(key, config.mailHost)) {
  console.log(`; ${record.purpose}`);
  const value = record.type === 'TXT' ? quoted(record.value) : record.value;
  console.log(`${record.name}. 3600 IN ${record.type} ${value}`);
}
