import type { Config } from '../config.js';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * An origin on a loopback name stands for the same page under every loopback name: a person who
 * opens http://127.0.0.1:8082 while PUBLIC_URL says http://localhost:8082 is on the same machine
 * and the same server, so both are that origin (issue 17).
 */
export function withLoopbackAliases(origin: string): string[] {
  const url = new URL(origin);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [origin];
  const port = url.port ? `:${url.port}` : '';
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${port}`);
}

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.includes(hostname);
}

/**
 * Where a browser is sent back to (sign-in redirects): PUBLIC_URL. Left unset, its default is on
 * localhost, and a browser that came to 127.0.0.1 must stay there (another origin is signed out),
 * so the Host header picks one of PUBLIC_URL's own loopback aliases when it names one exactly.
 * Nothing of the header is ever copied into the URL: `127.0.0.1:8082@evil.test` (issue 32) matches
 * no alias and gets PUBLIC_URL.
 */
export function redirectOrigin(
  config: Pick<Config, 'publicUrl' | 'publicUrlFixed'>,
  host: string | undefined,
): string {
  if (config.publicUrlFixed || !host) return config.publicUrl;
  const wanted = host.toLowerCase();
  const aliases = withLoopbackAliases(new URL(config.publicUrl).origin);
  return aliases.find((alias) => new URL(alias).host === wanted) ?? config.publicUrl;
}
