import * as client from 'openid-client';
import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { oidcFlows } from '../../db/schema/core.js';

export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret?: string | undefined;
}

export interface OidcIdentity {
  subject: string;
  email: string;
  name: string;
}

const FLOW_TTL_MS = 10 * 60_000;

/**
 * The OpenID Connect code flow with PKCE, state and nonce (openid-client). Flow state lives in the
 * database so the callback may land on any node.
 */
export class OidcLogin {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(
    private readonly settings: OidcSettings,
    private readonly database: Database,
  ) {}

  private config(): Promise<client.Configuration> {
    if (!this.configuration) {
      const url = new URL(this.settings.issuerUrl);
      const execute = url.protocol === 'http:' ? [client.allowInsecureRequests] : [];
      this.configuration = client
        .discovery(url, this.settings.clientId, this.settings.clientSecret, undefined, { execute })
        .catch((error: unknown) => {
          this.configuration = undefined;
          throw error;
        });
    }
    return this.configuration;
  }

  /** The provider's sign-in page; it will send the browser back to `redirectUri`. */
  async authorizationUrl(redirectUri: string): Promise<string> {
    const config = await this.config();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    await this.database.transaction(async (tx) => {
      await tx.delete(oidcFlows).where(lt(oidcFlows.createdAt, new Date(Date.now() - FLOW_TTL_MS)));
      await tx.insert(oidcFlows).values({ state, codeVerifier, nonce });
    });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return url.href;
  }

  /** Completes the flow from the provider's redirect; returns the verified identity. */
  async complete(callbackUrl: URL): Promise<OidcIdentity> {
    const config = await this.config();
    const state = callbackUrl.searchParams.get('state') ?? '';
    const flow = await this.database.transaction(async (tx) => {
      const [row] = await tx.delete(oidcFlows).where(eq(oidcFlows.state, state)).returning();
      return row;
    });
    if (!flow || Date.now() - flow.createdAt.getTime() > FLOW_TTL_MS) {
      throw new Error('unknown or expired sign-in state');
    }
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    let email = typeof claims.email === 'string' ? claims.email : undefined;
    let verified = claims.email_verified;
    let name = typeof claims.name === 'string' ? claims.name : undefined;
    if (!email || verified === undefined) {
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      email = email ?? info.email;
      verified = verified ?? info.email_verified;
      name = name ?? info.name ?? info.preferred_username;
    }
    if (!email || verified === false) throw new Error('the provider gave no verified e-mail');
    return {
      subject: `${this.settings.issuerUrl}#${claims.sub}`,
      email,
      name: name ?? email.split('@')[0] ?? email,
    };
  }
}
