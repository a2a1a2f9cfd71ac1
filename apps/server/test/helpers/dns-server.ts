import dns2 from 'dns2';

/**
 * A real DNS server on 127.0.0.1 (UDP, a free port) answering from a table, for the sender checks:
 * tests publish SPF, DKIM and DMARC records here and point the server's resolver at it.
 */
export type DnsTable = Record<
  string,
  { TXT?: string[]; A?: string[]; MX?: { exchange: string; priority: number }[] }
>;

export interface TestDnsServer {
  /** "127.0.0.1:port", for DNS_SERVERS. */
  address: string;
  /** Records can be changed while it runs. */
  table: DnsTable;
  queries: string[];
  close(): Promise<void>;
}

const { Packet } = dns2;
type ResourceFields = Parameters<typeof Packet.createResourceFromQuestion>[1];

/** TXT strings over 255 bytes are sent as several character-strings (RFC 1035 3.3.14). */
function chunks(text: string): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length; at += 255) out.push(text.slice(at, at + 255));
  return out.length > 0 ? out : [''];
}

export async function startDnsServer(table: DnsTable = {}): Promise<TestDnsServer> {
  const queries: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      for (const question of request.questions) {
        const name = question.name.toLowerCase().replace(/\.$/, '');
        queries.push(`${name} ${question.type}`);
        const records = table[name];
        if (!records) continue;
        const answer = (record: ResourceFields) =>
          response.answers.push(
            Packet.createResourceFromQuestion(question, { class: Packet.CLASS.IN, ttl: 60, ...record }),
          );
        if (question.type === Packet.TYPE.TXT)
          for (const text of records.TXT ?? []) answer({ type: Packet.TYPE.TXT, data: chunks(text) });
        if (question.type === Packet.TYPE.A)
          for (const address of records.A ?? []) answer({ type: Packet.TYPE.A, address });
        if (question.type === Packet.TYPE.MX)
          for (const mx of records.MX ?? [])
            answer({ type: Packet.TYPE.MX, exchange: mx.exchange, priority: mx.priority });
      }
      send(response);
    },
  });
  const listening = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return {
    address: `127.0.0.1:${listening.udp?.port ?? 0}`,
    table,
    queries,
    close: () => server.close(),
  };
}
