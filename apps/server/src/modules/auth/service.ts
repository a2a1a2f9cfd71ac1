import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  OIDC_EXCHANGE_CODE_TTL_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
} from '@postline/shared/limits';
import type { TokenResponse, User } from '@postline/shared/auth';
import type { Language } from '@postline/shared/errors';
import type { Database, Tx } from '../../db/client.js';
import { authSessions, oidcLoginCodes, refreshTokens, users } from '../../db/schema/core.js';
import { AppError } from '../../lib/errors.js';
import { hashToken, newOpaqueToken, signAccessToken } from './tokens.js';
import { presentUser } from './presenter.js';

export type UserRow = typeof users.$inferSelect;
/**
 * What a user created just now gets from the other areas, in the same transaction (their folders,
 * template categories, the welcome mail): put together once in src/app.ts.
 */
export type UserSetup = (tx: Tx, user: UserRow) => Promise<void>;

export interface SessionMeta {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

export class AuthService {
  constructor(
    private readonly database: Database,
    private readonly signingKey: Uint8Array,
    private readonly setUpUser: UserSetup,
  ) {}

  /** Finds the user by e-mail (case-insensitive) or creates them with everything a new user needs. */
  async findOrCreateUser(input: {
    email: string;
    name: string;
    /** A new account's language; an existing account keeps its own (issue 34: it follows the person). */
    language: Language;
    oidcSubject?: string;
  }): Promise<{ user: UserRow; created: boolean }> {
    const email = input.email.trim();
    return this.database.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      if (existing) {
        const changes: Partial<UserRow> = {};
        if (input.oidcSubject && !existing.oidcSubject) changes.oidcSubject = input.oidcSubject;
        if (Object.keys(changes).length === 0) return { user: existing, created: false };
        const [updated] = await tx
          .update(users)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(users.id, existing.id))
          .returning();
        return { user: updated ?? existing, created: false };
      }
      const inserted = await tx
        .insert(users)
        .values({
          email,
          name: input.name.trim(),
          language: input.language,
          oidcSubject: input.oidcSubject ?? null,
        })
        .onConflictDoNothing()
        .returning();
      const user = inserted[0];
      if (!user) {
        // Another request created the same user a moment ago.
        const [raced] = await tx
          .select()
          .from(users)
          .where(sql`lower(${users.email}) = lower(${email})`);
        if (!raced) throw new AppError(409, 'CONFLICT');
        return { user: raced, created: false };
      }
      await this.setUpUser(tx, user);
      return { user, created: true };
    });
  }

  async getUser(userId: number): Promise<UserRow | undefined> {
    const [row] = await this.database.db.select().from(users).where(eq(users.id, userId));
    return row;
  }

  async updateUser(userId: number, patch: { name?: string; language?: Language }): Promise<UserRow> {
    const [row] = await this.database.db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw new AppError(401, 'AUTHENTICATION_FAILED');
    return row;
  }

  /** A new sign-in: a session (refresh family) and its first pair of tokens. */
  async startSession(user: UserRow, meta: SessionMeta): Promise<TokenResponse & { user: User }> {
    const sessionId = crypto.randomUUID();
    const refreshToken = newOpaqueToken();
    await this.database.transaction(async (tx) => {
      await tx.insert(authSessions).values({
        id: sessionId,
        userId: user.id,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
        ip: meta.ip ?? null,
      });
      await tx.insert(refreshTokens).values({
        tokenHash: hashToken(refreshToken),
        sessionId,
        expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      });
    });
    const accessToken = await signAccessToken(this.signingKey, user, sessionId);
    return {
      accessToken,
      refreshToken,
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      tokenType: 'Bearer',
      user: presentUser(user),
    };
  }

  /**
   * Rotates a refresh token. A token used twice means it was stolen: the whole family is revoked
   * and both holders must sign in again.
   */
  /** The session (token family) a refresh token belongs to, or the token's hash if it is unknown. */
  async refreshFamilyOf(refreshToken: string): Promise<string> {
    const tokenHash = hashToken(refreshToken);
    const [row] = await this.database.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    return row?.sessionId ?? tokenHash;
  }

  async refresh(refreshToken: string): Promise<TokenResponse> {
    const tokenHash = hashToken(refreshToken);
    const next = newOpaqueToken();
    const outcome = await this.database.transaction(async (tx) => {
      const [row] = await tx
        .select({
          tokenHash: refreshTokens.tokenHash,
          sessionId: refreshTokens.sessionId,
          expiresAt: refreshTokens.expiresAt,
          usedAt: refreshTokens.usedAt,
          revokedAt: authSessions.revokedAt,
          userId: authSessions.userId,
        })
        .from(refreshTokens)
        .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .for('update');
      if (!row || row.revokedAt) return { kind: 'invalid' as const };
      if (row.usedAt) {
        await tx
          .update(authSessions)
          .set({ revokedAt: new Date(), revokedReason: 'refresh-token-reuse' })
          .where(eq(authSessions.id, row.sessionId));
        return { kind: 'reused' as const, sessionId: row.sessionId };
      }
      if (row.expiresAt.getTime() <= Date.now()) return { kind: 'invalid' as const };
      await tx
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(eq(refreshTokens.tokenHash, tokenHash));
      await tx.insert(refreshTokens).values({
        tokenHash: hashToken(next),
        sessionId: row.sessionId,
        expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      });
      const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
      return user ? { kind: 'ok' as const, user, sessionId: row.sessionId } : { kind: 'invalid' as const };
    });
    if (outcome.kind === 'reused') {
      this.onSessionRevoked?.(outcome.sessionId);
      throw new AppError(401, 'TOKEN_EXPIRED');
    }
    if (outcome.kind !== 'ok') throw new AppError(401, 'TOKEN_EXPIRED');
    const accessToken = await signAccessToken(this.signingKey, outcome.user, outcome.sessionId);
    return { accessToken, refreshToken: next, expiresIn: ACCESS_TOKEN_TTL_SECONDS, tokenType: 'Bearer' };
  }

  /** Called after a session is revoked (logout, reuse): the real-time layer closes its sockets. */
  onSessionRevoked?: (sessionId: string) => void;

  async revokeSession(sessionId: string, reason: string): Promise<void> {
    await this.database.transaction(async (tx) => {
      await tx
        .update(authSessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
    });
    this.onSessionRevoked?.(sessionId);
  }

  async isSessionActive(sessionId: string, userId: number): Promise<boolean> {
    const [row] = await this.database.db
      .select({ revokedAt: authSessions.revokedAt, userId: authSessions.userId })
      .from(authSessions)
      .where(eq(authSessions.id, sessionId));
    return !!row && row.userId === userId && !row.revokedAt;
  }

  /** A one-time code the OIDC callback hands to the browser, traded at /auth/exchange-token. */
  async createLoginCode(userId: number): Promise<string> {
    const code = newOpaqueToken();
    await this.database.transaction(async (tx) => {
      await tx.insert(oidcLoginCodes).values({
        codeHash: hashToken(code),
        userId,
        expiresAt: new Date(Date.now() + OIDC_EXCHANGE_CODE_TTL_SECONDS * 1000),
      });
    });
    return code;
  }

  /** The OpenID callback's code for tokens; the account's language stays as it is (issue 34). */
  async exchangeLoginCode(code: string, meta: SessionMeta): Promise<TokenResponse & { user: User }> {
    const codeHash = hashToken(code);
    const userId = await this.database.transaction(async (tx) => {
      const [row] = await tx
        .update(oidcLoginCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(oidcLoginCodes.codeHash, codeHash), isNull(oidcLoginCodes.usedAt)))
        .returning();
      if (!row || row.expiresAt.getTime() <= Date.now()) return undefined;
      return row.userId;
    });
    if (userId === undefined) throw new AppError(401, 'INVALID_CREDENTIALS');
    const user = await this.getUser(userId);
    if (!user) throw new AppError(401, 'INVALID_CREDENTIALS');
    return this.startSession(user, meta);
  }
}
