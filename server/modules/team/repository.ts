import { sql, type Kysely } from 'kysely';
import type { Database, NewUser, UserUpdate } from '#server/db/schema.ts';

const employeeColumns = [
  'id',
  'account_id',
  'username',
  'real_name',
  'role',
  'phone_number',
  'wx_openid',
  'disabled',
  'created_at',
  'last_login_at',
] as const;

export type EmployeeRecord = Awaited<ReturnType<TeamRepository['findEmployee']>> & object;

/** `%`, `_` and `\` match themselves in a LIKE pattern with ESCAPE '\'. */
const likeContains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The team's SQL, always scoped to one account. Works on a transaction as well as on the database. */
export class TeamRepository {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Usernames are unique in the whole product, compared without case. */
  usernameExists(username: string) {
    return this.db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
  }

  /** A user (of any account) other than `exceptUserId` with this phone. */
  phoneOwner(phone: string, exceptUserId: number | null) {
    let q = this.db.selectFrom('users').select('id').where('phone_number', '=', phone);
    if (exceptUserId !== null) q = q.where('id', '!=', exceptUserId);
    return q.executeTakeFirst();
  }

  async insertUser(user: NewUser): Promise<number> {
    const row = await this.db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  findEmployee(accountId: number, userId: number) {
    return this.db
      .selectFrom('users')
      .select(employeeColumns)
      .where('account_id', '=', accountId)
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  async updateEmployee(accountId: number, userId: number, set: UserUpdate): Promise<void> {
    await this.db
      .updateTable('users')
      .set(set)
      .where('account_id', '=', accountId)
      .where('id', '=', userId)
      .execute();
  }

  /** Enabled Admins of the account other than `exceptUserId`. */
  async countOtherEnabledAdmins(accountId: number, exceptUserId: number): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('role', '=', 0)
      .where('disabled', '=', 0)
      .where('id', '!=', exceptUserId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Revokes every live session of the user and forgets its socket codes. */
  async revokeAllSessions(userId: number, at: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    await this.db.deleteFrom('ws_auth_codes').where('user_id', '=', userId).execute();
  }

  async listEmployees(accountId: number, keyword: string, limit: number, offset: number) {
    let q = this.db.selectFrom('users').where('account_id', '=', accountId);
    if (keyword) {
      const pattern = likeContains(keyword);
      q = q.where((eb) =>
        eb.or([
          eb(sql<string>`lower(username)`, 'like', sql<string>`${pattern} escape '\\'`),
          eb(sql<string>`lower(real_name)`, 'like', sql<string>`${pattern} escape '\\'`),
          eb(sql<string>`phone_number`, 'like', sql<string>`${pattern} escape '\\'`),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      q
        .select(employeeColumns)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
