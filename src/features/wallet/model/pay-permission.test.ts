import { describe, expect, it } from 'vitest';
import { payBlockReason } from './pay-permission.ts';

describe('payBlockReason', () => {
  it('lets an online Admin pay and says why anyone else cannot', () => {
    expect(payBlockReason({ isAdmin: true, online: true })).toBeNull();
    const editor = payBlockReason({ isAdmin: false, online: true });
    const offline = payBlockReason({ isAdmin: true, online: false });
    expect(editor?.id).toBeTruthy();
    expect(offline?.id).toBeTruthy();
    expect(editor?.id).not.toBe(offline?.id);
    // The role is the reason that stays true when the network comes back.
    expect(payBlockReason({ isAdmin: false, online: false })?.id).toBe(editor?.id);
  });
});
