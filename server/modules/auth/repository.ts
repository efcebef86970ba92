import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { preparedQuery } from '#server/db/prepared.ts';

/** The user columns every caller needs, with the shop's wallet (points and VIP belong to the account). */
const userWithAccount = [
  'users.id as user_id',
  'users.account_id',
  'users.username',
  'users.password_hash',
  'users.real_name',
  'users.avatar',
  'users.role',
  'users.phone_number',
  'users.wx_openid',
  'users.disabled',
  'accounts.name as account_name',
  'accounts.vip_end_time',
  'accounts.vip_level',
  'accounts.integral',
  'accounts.frozen',
] as const;

export type UserWithAccount = Awaited<ReturnType<AuthRepository['findUserByUsername']>> & object;

export class AuthRepository {
  private readonly db: Kysely<Database>;
  /** Every signed-in request runs it: built and compiled once (server/db/prepared.ts). */
  private readonly liveSessionUser;
  constructor(db: Kysely<Database>) {
    this.db = db;
    this.liveSessionUser = preparedQuery(db, (tokenHash: string, at: number) =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .innerJoin('accounts', 'accounts.id', 'users.account_id')
        .select(userWithAccount)
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', at)
        .where('users.disabled', '=', 0),
    );
  }

  findUserByUsername(username: string) {
    return this.db
      .selectFrom('users')
      .innerJoin('accounts', 'accounts.id', 'users.account_id')
      .select(userWithAccount)
      .where('users.username', '=', username)
      .executeTakeFirst();
  }

  findUserById(userId: number) {
    return this.db
      .selectFrom('users')
      .innerJoin('accounts', 'accounts.id', 'users.account_id')
      .select(userWithAccount)
      .where('users.id', '=', userId)
      .executeTakeFirst();
  }

  async recordLogin(userId: number, at: number): Promise<void> {
    await this.db.updateTable('users').set({ last_login_at: at }).where('id', '=', userId).execute();
  }

  async insertPuzzle(id: string, answerX: number, createdAt: number, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('puzzles')
      .values({ id, answer_x: answerX, created_at: createdAt, expires_at: expiresAt })
      .execute();
  }

  /** Marks the puzzle used and answers it, atomically: of two concurrent uses only one gets the row. */
  consumePuzzle(id: string, at: number) {
    return this.db
      .updateTable('puzzles')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .returning(['answer_x', 'expires_at'])
      .executeTakeFirst();
  }

  puzzleExists(id: string) {
    return this.db.selectFrom('puzzles').select('id').where('id', '=', id).executeTakeFirst();
  }

  async deletePuzzlesExpiredBefore(at: number): Promise<void> {
    await this.db.deleteFrom('puzzles').where('expires_at', '<', at).execute();
  }

  async insertSession(
    tokenHash: string,
    userId: number,
    createdAt: number,
    expiresAt: number,
  ): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({ token_hash: tokenHash, user_id: userId, created_at: createdAt, expires_at: expiresAt })
      .execute();
  }

  async findLiveSessionUser(tokenHash: string, at: number) {
    return (await this.liveSessionUser(tokenHash, at))[0];
  }

  async revokeSession(tokenHash: string, at: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async insertWsCode(
    codeHash: string,
    userId: number,
    sessionHash: string,
    createdAt: number,
    expiresAt: number,
  ): Promise<void> {
    await this.db
      .insertInto('ws_auth_codes')
      .values({
        code_hash: codeHash,
        user_id: userId,
        session_hash: sessionHash,
        created_at: createdAt,
        expires_at: expiresAt,
      })
      .execute();
  }

  /** The code's user and session, while the code, the session that asked for it and the user are live. */
  findWsCodeUser(codeHash: string, at: number) {
    return this.db
      .selectFrom('ws_auth_codes')
      .innerJoin('users', 'users.id', 'ws_auth_codes.user_id')
      .innerJoin('sessions', 'sessions.token_hash', 'ws_auth_codes.session_hash')
      .select(['users.id as user_id', 'users.account_id', 'sessions.token_hash as session_hash'])
      .where('ws_auth_codes.code_hash', '=', codeHash)
      .where('ws_auth_codes.expires_at', '>', at)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', at)
      .where('users.disabled', '=', 0)
      .executeTakeFirst();
  }

  /** A session ended: its ws codes open nothing any more. */
  async deleteWsCodesOfSession(sessionHash: string): Promise<void> {
    await this.db.deleteFrom('ws_auth_codes').where('session_hash', '=', sessionHash).execute();
  }

  async deleteWsCodesExpiredBefore(at: number): Promise<void> {
    await this.db.deleteFrom('ws_auth_codes').where('expires_at', '<', at).execute();
  }
}
