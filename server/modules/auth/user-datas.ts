import type { UserDatas } from '#contract/schemas/auth.ts';
import { roleSchema } from '#contract/schemas/role.ts';
import type { UserWithAccount } from './repository.ts';

/** The user as the API describes it (login and get_user). */
export function toUserDatas(u: UserWithAccount): UserDatas {
  return {
    user_id: u.user_id,
    username: u.username,
    avatar: u.avatar,
    vip_end_time: u.vip_end_time,
    integral: u.integral,
    wx_openid: u.wx_openid,
    phone_number: u.phone_number,
    role: roleSchema.parse(u.role),
    account_id: u.account_id,
    account_name: u.account_name,
  };
}
