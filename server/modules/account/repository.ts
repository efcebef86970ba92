import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/** The personal center's and the SMS codes' SQL. Works on a transaction as well as on the database. */
export class AccountRepository {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  passwordHashOf(userId: number) {
    return this.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  }

  async setPassword(userId: number, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', userId)
      .execute();
  }

  async setPhone(userId: number, phone: string): Promise<void> {
    await this.db.updateTable('users').set({ phone_number: phone }).where('id', '=', userId).execute();
  }

  /** Another user (of any account: phones are unique in the product) with this phone. */
  phoneOwnedByOther(phone: string, userId: number) {
    return this.db
      .selectFrom('users')
      .select('id')
      .where('phone_number', '=', phone)
      .where('id', '!=', userId)
      .executeTakeFirst();
  }

  /** Any user (enabled or not, of any account) bound to this phone. */
  phoneOwner(phone: string) {
    return this.db.selectFrom('users').select('id').where('phone_number', '=', phone).executeTakeFirst();
  }

  /** The enabled user bound to this phone (the signed-out password reset). */
  enabledUserByPhone(phone: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('phone_number', '=', phone)
      .where('disabled', '=', 0)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }

  /** Whether any user exists in any account (a production start without one says how to make one). */
  async anyUser(): Promise<boolean> {
    return (await this.db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
  }

  /** A new shop's account: no points, no VIP. */
  async insertAccount(name: string, at: number): Promise<number> {
    const r = await this.db
      .insertInto('accounts')
      .values({ name, vip_end_time: 0, integral: 0, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  /** Revokes the user's live sessions except the one with `keepTokenHash`. */
  async revokeOtherSessions(userId: number, keepTokenHash: string, at: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('token_hash', '!=', keepTokenHash)
      .execute();
  }

  // --- SMS codes ---------------------------------------------------------------------------

  latestCode(phone: string, purpose: string) {
    return this.db
      .selectFrom('sms_codes')
      .select(['id', 'user_id', 'code_hash', 'attempts', 'created_at', 'expires_at', 'used_at'])
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async insertCode(row: {
    phone: string;
    purpose: string;
    user_id: number | null;
    code_hash: string;
    created_at: number;
    expires_at: number;
  }): Promise<number> {
    const r = await this.db.insertInto('sms_codes').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async deleteCode(id: number): Promise<void> {
    await this.db.deleteFrom('sms_codes').where('id', '=', id).execute();
  }

  /**
   * Uses the code up, atomically (of two concurrent uses only one gets it), and gives back the try
   * takeTry() held for this check: a code used on its last try reads as used, not burnt.
   */
  async consumeCode(id: number, at: number): Promise<boolean> {
    const r = await this.db
      .updateTable('sms_codes')
      .set((eb) => ({ used_at: at, attempts: eb('attempts', '-', 1) }))
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * Takes one try of an unused code BEFORE it is compared, in one atomic update: of any number of
   * simultaneous guesses at most `maxAttempts` are compared (issue 25). Answers the tries taken so
   * far, this one included, or undefined when the code is used or all its tries are taken.
   */
  async takeTry(id: number, maxAttempts: number): Promise<number | undefined> {
    const r = await this.db
      .updateTable('sms_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .returning('attempts')
      .executeTakeFirst();
    return r?.attempts;
  }

  /** Burns a code whose last try was wrong: nobody can use it any more. */
  async burnCode(id: number, at: number): Promise<void> {
    await this.db
      .updateTable('sms_codes')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .execute();
  }

  codeState(id: number) {
    return this.db
      .selectFrom('sms_codes')
      .select(['attempts', 'used_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async deleteCodesExpiredBefore(at: number): Promise<void> {
    await this.db.deleteFrom('sms_codes').where('expires_at', '<', at).execute();
  }
}
