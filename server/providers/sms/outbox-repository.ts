import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/** The sandbox SMS outbox: the only SQL of the sandbox provider and its page. */
export class SmsOutboxRepository {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Stores a message and keeps only the newest `keep`. */
  async add(phone: string, text: string, at: number, keep: number): Promise<void> {
    const row = await this.db
      .insertInto('sms_outbox')
      .values({ phone, text, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db
      .deleteFrom('sms_outbox')
      .where('id', '<=', row.id - keep)
      .execute();
  }

  latest(limit: number) {
    return this.db
      .selectFrom('sms_outbox')
      .select(['id', 'phone', 'text', 'created_at'])
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
