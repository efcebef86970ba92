import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

// Shops and their staff (modules account and team).

/** Times are unix milliseconds unless the column name says seconds (vip_end_time, as the API). */
export interface AccountsTable {
  id: Generated<number>;
  name: string;
  /** Unix seconds; 0 when the shop has no VIP. */
  vip_end_time: number;
  /** Spendable points in hundredths. */
  integral: number;
  /** Points reserved by check orders whose jobs have not finished, hundredths. */
  frozen: Generated<number>;
  /** The VIP level bought with a package (0 = none); counts while vip_end_time is ahead. */
  vip_level: Generated<number>;
  created_at: number;
}

export interface UsersTable {
  id: Generated<number>;
  account_id: number;
  username: string;
  password_hash: string;
  real_name: string;
  avatar: string;
  /** 0 Admin, 1 Editor. */
  role: number;
  phone_number: string;
  wx_openid: string;
  disabled: number;
  created_at: number;
  last_login_at: number | null;
  /** Given at sign-up (register); '' (the column's default) for users an Admin added or seeded. */
  email: Generated<string>;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type AccountRow = Selectable<AccountsTable>;
