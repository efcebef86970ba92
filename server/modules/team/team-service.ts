import type { Kysely } from 'kysely';
import { maskPhone } from '#server/lib/mask-phone.ts';
import type { z } from 'zod';
import { ErrCode } from '#contract/errcodes.ts';
import type { RealtimeTopic } from '#contract/realtime.ts';
import { Role } from '#contract/roles.ts';
import { roleSchema } from '#contract/schemas/role.ts';
import type {
  EmployeeList,
  EmployeeRow,
  addEmployeeInput,
  editUserInput,
  employeeListInput,
} from '#contract/schemas/team.ts';
import type { Database, UserUpdate } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { hashPassword } from '#server/lib/secrets.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import { TeamRepository, type EmployeeRecord } from './repository.ts';

/** What the team tells the signed-in devices (socket.io rooms in the app). */
export interface TeamNotifier {
  sessionEnded(userId: number, reason: 'disabled' | 'password_changed'): void;
  userChanged(userId: number): void;
  /** The account's shared data changed: every device signed in to it refetches those topics. */
  dataChanged(accountId: number, topics: RealtimeTopic[]): void;
}

export function toEmployeeRow(e: EmployeeRecord): EmployeeRow {
  return {
    user_id: e.id,
    username: e.username,
    real_name: e.real_name,
    role: roleSchema.parse(e.role),
    phone_number: maskPhone(e.phone_number),
    disabled: e.disabled !== 0,
    wx_bound: e.wx_openid !== '',
    created_at: Math.floor(e.created_at / 1000),
    last_login_at: e.last_login_at ? Math.floor(e.last_login_at / 1000) : 0,
  };
}

/** Is this a unique-constraint violation (SQLite or PostgreSQL)? */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}

/** Employees of the caller's account: every query is scoped to `admin.account_id`. */
export class TeamService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly notify: TeamNotifier;
  constructor(deps: { db: Kysely<Database>; clock: Clock; notify: TeamNotifier }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.notify = deps.notify;
  }

  async add(admin: AuthUser, input: z.output<typeof addEmployeeInput>): Promise<EmployeeRow> {
    const repo = new TeamRepository(this.db);
    if (await repo.usernameExists(input.username)) throw new AppError(ErrCode.USERNAME_TAKEN);
    const phone = input.phone_number ?? '';
    if (phone && (await repo.phoneOwner(phone, null))) throw new AppError(ErrCode.PHONE_TAKEN);
    const passwordHash = await hashPassword(input.password);
    let id: number;
    try {
      id = await repo.insertUser({
        account_id: admin.account_id,
        username: input.username,
        password_hash: passwordHash,
        real_name: input.real_name,
        avatar: '',
        role: input.role,
        phone_number: phone,
        wx_openid: '',
        disabled: 0,
        created_at: this.clock.now(),
        last_login_at: null,
      });
    } catch (err) {
      // Two Admins adding the same username at once: the unique index decides.
      if (isUniqueViolation(err)) throw new AppError(ErrCode.USERNAME_TAKEN);
      throw err;
    }
    const row = await repo.findEmployee(admin.account_id, id);
    this.notify.dataChanged(admin.account_id, ['team']);
    return toEmployeeRow(row!);
  }

  async edit(admin: AuthUser, input: z.output<typeof editUserInput>): Promise<EmployeeRow> {
    const self = input.user_id === admin.user_id;
    if (self && (input.disabled === true || (input.role !== undefined && input.role !== Role.Admin)))
      throw new AppError(ErrCode.CANNOT_CHANGE_SELF);
    // Hashing takes ~100 ms: before the transaction, which holds the (SQLite) connection.
    const passwordHash =
      input.new_password === undefined ? undefined : await hashPassword(input.new_password);
    const now = this.clock.now();

    const outcome = await this.db.transaction().execute(async (trx) => {
      const repo = new TeamRepository(trx);
      const before = await repo.findEmployee(admin.account_id, input.user_id);
      if (!before) throw new AppError(ErrCode.EMPLOYEE_NOT_FOUND);
      const disabling = input.disabled === true && before.disabled === 0;
      const demoting = input.role !== undefined && input.role !== Role.Admin && before.role === Role.Admin;
      if ((disabling || demoting) && before.role === Role.Admin && before.disabled === 0) {
        if ((await repo.countOtherEnabledAdmins(admin.account_id, before.id)) === 0)
          throw new AppError(ErrCode.LAST_ADMIN);
      }
      const set: UserUpdate = {};
      if (input.real_name !== undefined) set.real_name = input.real_name;
      if (input.role !== undefined) set.role = input.role;
      if (input.disabled !== undefined) set.disabled = input.disabled ? 1 : 0;
      if (passwordHash !== undefined) set.password_hash = passwordHash;
      await repo.updateEmployee(admin.account_id, before.id, set);
      const signOut = disabling || passwordHash !== undefined;
      if (signOut) await repo.revokeAllSessions(before.id, now);
      const after = await repo.findEmployee(admin.account_id, before.id);
      return { after: after!, disabling, signOut };
    });

    const userId = outcome.after.id;
    if (outcome.signOut)
      this.notify.sessionEnded(userId, outcome.disabling ? 'disabled' : 'password_changed');
    else this.notify.userChanged(userId);
    this.notify.dataChanged(admin.account_id, ['team']);
    return toEmployeeRow(outcome.after);
  }

  async list(admin: AuthUser, input: z.output<typeof employeeListInput>): Promise<EmployeeList> {
    const repo = new TeamRepository(this.db);
    const { rows, total } = await repo.listEmployees(
      admin.account_id,
      input.keyword,
      input.page_size,
      (input.page - 1) * input.page_size,
    );
    return { list: rows.map(toEmployeeRow), total };
  }
}
