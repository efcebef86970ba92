import type { Generated } from 'kysely';

/** Template kit (issue 14): ids of todos and surveys are per account, the highest plus one. */
export interface TkTodosTable {
  account_id: number;
  id: number;
  title: string;
  note: string;
  category: string;
  done: number;
  created_by: number;
  created_at: number;
  updated_at: number;
}
export interface TkSurveysTable {
  account_id: number;
  id: number;
  title: string;
  status: string;
  /** JSON array of the question texts. */
  questions: string;
  created_by: number;
  created_at: number;
}
export interface TkChatMessagesTable {
  id: Generated<number>;
  account_id: number;
  from_user_id: number;
  to_user_id: number;
  text: string;
  created_at: number;
}
export interface TkSettingsTable {
  account_id: number;
  hidden: number;
  updated_at: number;
}
