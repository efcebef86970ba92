import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { ErrCode } from '#contract/errcodes.ts';
import {
  todoCategory,
  type TodoItem,
  type todoAddInput,
  type todoEditInput,
} from '#contract/schemas/template-kit.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import { withNextId } from './next-id.ts';

export interface KitNotifier {
  dataChanged(accountId: number, topics: ('todos' | 'surveys' | 'templateKit')[]): void;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The shop's todo list: every query is scoped to the caller's account. */
export class TodoService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly notify: KitNotifier;
  constructor(deps: { db: Kysely<Database>; clock: Clock; notify: KitNotifier }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.notify = deps.notify;
  }

  private select() {
    return this.db
      .selectFrom('tk_todos')
      .innerJoin('users', 'users.id', 'tk_todos.created_by')
      .select([
        'tk_todos.id',
        'tk_todos.title',
        'tk_todos.note',
        'tk_todos.category',
        'tk_todos.done',
        'tk_todos.created_at',
        'tk_todos.updated_at',
        'users.real_name',
        'users.username',
      ]);
  }

  private static row(r: {
    id: number;
    title: string;
    note: string;
    category: string;
    done: number;
    created_at: number;
    updated_at: number;
    real_name: string;
    username: string;
  }): TodoItem {
    return {
      id: Number(r.id),
      title: r.title,
      note: r.note,
      category: todoCategory.catch('shop').parse(r.category),
      done: Number(r.done) !== 0,
      created_by: r.real_name || r.username,
      created_at: seconds(Number(r.created_at)),
      updated_at: seconds(Number(r.updated_at)),
    };
  }

  async list(user: AuthUser): Promise<TodoItem[]> {
    const rows = await this.select()
      .where('tk_todos.account_id', '=', user.account_id)
      .orderBy('tk_todos.id', 'desc')
      .execute();
    return rows.map(TodoService.row);
  }

  private async get(accountId: number, id: number): Promise<TodoItem> {
    const row = await this.select()
      .where('tk_todos.account_id', '=', accountId)
      .where('tk_todos.id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError(ErrCode.TODO_NOT_FOUND);
    return TodoService.row(row);
  }

  async add(user: AuthUser, input: z.output<typeof todoAddInput>): Promise<TodoItem> {
    const now = this.clock.now();
    const id = await withNextId(this.db, 'tk_todos', user.account_id, async (trx, id) => {
      await trx
        .insertInto('tk_todos')
        .values({
          account_id: user.account_id,
          id,
          title: input.title,
          note: input.note,
          category: input.category,
          done: 0,
          created_by: user.user_id,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return id;
    });
    this.notify.dataChanged(user.account_id, ['todos']);
    return this.get(user.account_id, id);
  }

  async edit(user: AuthUser, input: z.output<typeof todoEditInput>): Promise<TodoItem> {
    const changes = {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.note !== undefined ? { note: input.note } : {}),
      ...(input.category !== undefined ? { category: input.category } : {}),
      ...(input.done !== undefined ? { done: input.done ? 1 : 0 } : {}),
    };
    const result = await this.db
      .updateTable('tk_todos')
      .set({ ...changes, updated_at: this.clock.now() })
      .where('account_id', '=', user.account_id)
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError(ErrCode.TODO_NOT_FOUND);
    this.notify.dataChanged(user.account_id, ['todos']);
    return this.get(user.account_id, input.id);
  }

  async remove(user: AuthUser, id: number): Promise<null> {
    const result = await this.db
      .deleteFrom('tk_todos')
      .where('account_id', '=', user.account_id)
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new AppError(ErrCode.TODO_NOT_FOUND);
    this.notify.dataChanged(user.account_id, ['todos']);
    return null;
  }
}
