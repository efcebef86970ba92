import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * Whether this user may spend or add money here and now, and if not, the reason shown beside the
 * disabled buttons. The server enforces the role itself (pay_integral and recharge are Admin-only);
 * this only spares Editors a refusal and says why.
 */
export function payBlockReason({
  isAdmin,
  online,
}: {
  isAdmin: boolean;
  online: boolean;
}): MessageDescriptor | null {
  if (!isAdmin) return msg`Only an Admin of the shop can buy packages and recharge.`;
  if (!online) return msg`You are offline: buying and recharging need the network.`;
  return null;
}

/** The element that says why buying and recharging are off; disabled controls point at it. */
export const SHOP_BLOCKED_ID = 'shop-blocked-reason';
