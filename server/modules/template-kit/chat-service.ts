import { sql, type Kysely } from 'kysely';
import { ErrCode } from '#contract/errcodes.ts';
import type { ChatContact, ChatConversation, ChatMessage } from '#contract/schemas/template-kit.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';

export interface ChatNotifier {
  /** Sent to the sender's and the recipient's user rooms. */
  message(message: ChatMessage): void;
}

const HISTORY_MAX = 500;

function toMessage(r: {
  id: number;
  from_user_id: number;
  to_user_id: number;
  text: string;
  created_at: number;
}): ChatMessage {
  return {
    id: Number(r.id),
    from_user_id: Number(r.from_user_id),
    to_user_id: Number(r.to_user_id),
    text: r.text,
    created_at: Math.floor(Number(r.created_at) / 1000),
  };
}

/** A LIKE pattern that matches `search` literally anywhere. */
const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Chat between the employees of one shop: a message never crosses accounts. */
export class ChatService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly notify: ChatNotifier;
  constructor(deps: { db: Kysely<Database>; clock: Clock; notify: ChatNotifier }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.notify = deps.notify;
  }

  private colleagues(user: AuthUser) {
    return this.db
      .selectFrom('users')
      .select(['id', 'real_name', 'username', 'avatar'])
      .where('account_id', '=', user.account_id)
      .where('disabled', '=', 0)
      .where('id', '!=', user.user_id);
  }

  private static contact(r: {
    id: number;
    real_name: string;
    username: string;
    avatar: string;
  }): ChatContact {
    return { user_id: Number(r.id), name: r.real_name || r.username, username: r.username, img: r.avatar };
  }

  async contacts(user: AuthUser, search: string): Promise<ChatContact[]> {
    let query = this.colleagues(user);
    if (search) {
      const pattern = containsPattern(search.toLowerCase());
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(real_name)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(username)`, 'like', sql`${pattern} escape '\\'`),
        ]),
      );
    }
    const rows = await query.orderBy('real_name').orderBy('id').execute();
    return rows.map(ChatService.contact);
  }

  async conversations(user: AuthUser): Promise<ChatConversation[]> {
    const me = user.user_id;
    // The id inlined (a number from the session), not a parameter: PostgreSQL takes the SELECT's and
    // the GROUP BY's copies of the expression as different when each has its own $n.
    const other = sql<number>`case when from_user_id = ${sql.lit(Number(me))} then to_user_id else from_user_id end`;
    const latest = await this.db
      .selectFrom('tk_chat_messages')
      .select((eb) => [eb.fn.max('id').as('id'), other.as('other')])
      .where('account_id', '=', user.account_id)
      .where((eb) => eb.or([eb('from_user_id', '=', me), eb('to_user_id', '=', me)]))
      .groupBy(other)
      .execute();
    if (latest.length === 0) return [];
    const [messages, people] = await Promise.all([
      this.db
        .selectFrom('tk_chat_messages')
        .selectAll()
        .where(
          'id',
          'in',
          latest.map((l) => Number(l.id)),
        )
        .execute(),
      this.db
        .selectFrom('users')
        .select(['id', 'real_name', 'username', 'avatar'])
        .where('account_id', '=', user.account_id)
        .where(
          'id',
          'in',
          latest.map((l) => Number(l.other)),
        )
        .execute(),
    ]);
    const byId = new Map(people.map((p) => [Number(p.id), ChatService.contact(p)]));
    return messages
      .map(toMessage)
      .sort((a, b) => b.id - a.id)
      .flatMap((m) => {
        const contact = byId.get(m.from_user_id === me ? m.to_user_id : m.from_user_id);
        return contact ? [{ contact, last_message: m }] : [];
      });
  }

  async messages(user: AuthUser, otherId: number): Promise<ChatMessage[]> {
    const me = user.user_id;
    const rows = await this.db
      .selectFrom('tk_chat_messages')
      .selectAll()
      .where('account_id', '=', user.account_id)
      .where((eb) =>
        eb.or([
          eb.and([eb('from_user_id', '=', me), eb('to_user_id', '=', otherId)]),
          eb.and([eb('from_user_id', '=', otherId), eb('to_user_id', '=', me)]),
        ]),
      )
      .orderBy('id', 'desc')
      .limit(HISTORY_MAX)
      .execute();
    return rows.map(toMessage).reverse();
  }

  async send(user: AuthUser, toUserId: number, text: string): Promise<ChatMessage> {
    const recipient = await this.colleagues(user).where('id', '=', toUserId).executeTakeFirst();
    if (!recipient) throw new AppError(ErrCode.CHAT_CONTACT_UNKNOWN);
    const row = await this.db
      .insertInto('tk_chat_messages')
      .values({
        account_id: user.account_id,
        from_user_id: user.user_id,
        to_user_id: toUserId,
        text,
        created_at: this.clock.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const message = toMessage(row);
    this.notify.message(message);
    return message;
  }
}
