import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { ErrCode } from '#contract/errcodes.ts';
import {
  surveyStatus,
  type SurveyDetail,
  type SurveySummary,
  type surveyAddInput,
} from '#contract/schemas/template-kit.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import { withNextId } from './next-id.ts';
import type { KitNotifier } from './todo-service.ts';

interface SurveyRow {
  id: number;
  title: string;
  status: string;
  questions: string;
  created_at: number;
  real_name: string;
  username: string;
}

function parseQuestions(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((q): q is string => typeof q === 'string') : [];
  } catch {
    return [];
  }
}

function toDetail(r: SurveyRow): SurveyDetail {
  const questions = parseQuestions(r.questions);
  return {
    id: Number(r.id),
    title: r.title,
    status: surveyStatus.catch('draft').parse(r.status),
    questions: questions.length,
    created_by: r.real_name || r.username,
    created_at: Math.floor(Number(r.created_at) / 1000),
    question_list: questions.map((text, i) => ({ position: i + 1, text })),
  };
}

/** The shop's surveys (the template kit's survey demo, kept per account). */
export class SurveyService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly notify: KitNotifier;
  constructor(deps: { db: Kysely<Database>; clock: Clock; notify: KitNotifier }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.notify = deps.notify;
  }

  private select(accountId: number) {
    return this.db
      .selectFrom('tk_surveys')
      .innerJoin('users', 'users.id', 'tk_surveys.created_by')
      .select([
        'tk_surveys.id',
        'tk_surveys.title',
        'tk_surveys.status',
        'tk_surveys.questions',
        'tk_surveys.created_at',
        'users.real_name',
        'users.username',
      ])
      .where('tk_surveys.account_id', '=', accountId);
  }

  async list(user: AuthUser): Promise<SurveySummary[]> {
    const rows = await this.select(user.account_id).orderBy('tk_surveys.id', 'desc').execute();
    return rows.map((r) => {
      const { question_list: _questions, ...summary } = toDetail(r);
      return summary;
    });
  }

  async detail(user: AuthUser, id: number): Promise<SurveyDetail> {
    const row = await this.select(user.account_id).where('tk_surveys.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError(ErrCode.SURVEY_NOT_FOUND);
    return toDetail(row);
  }

  async add(user: AuthUser, input: z.output<typeof surveyAddInput>): Promise<SurveyDetail> {
    const id = await withNextId(this.db, 'tk_surveys', user.account_id, async (trx, id) => {
      await trx
        .insertInto('tk_surveys')
        .values({
          account_id: user.account_id,
          id,
          title: input.title,
          status: 'draft',
          questions: JSON.stringify(input.questions),
          created_by: user.user_id,
          created_at: this.clock.now(),
        })
        .execute();
      return id;
    });
    this.notify.dataChanged(user.account_id, ['surveys']);
    return this.detail(user, id);
  }

  async setStatus(user: AuthUser, id: number, status: SurveyDetail['status']): Promise<SurveyDetail> {
    const result = await this.db
      .updateTable('tk_surveys')
      .set({ status })
      .where('account_id', '=', user.account_id)
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError(ErrCode.SURVEY_NOT_FOUND);
    this.notify.dataChanged(user.account_id, ['surveys']);
    return this.detail(user, id);
  }
}
