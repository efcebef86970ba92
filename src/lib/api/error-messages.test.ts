import { beforeAll, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { activateLanguage, initI18n } from '#src/lib/i18n.ts';
import { actionErrorText, localizedErrorMessage } from './error-messages.ts';
import { ApiError, DuplicateRequestError, NetworkError } from './errors.ts';

// What a failed action leaves in red on a screen (issue 27: "NetworkError: offline", kept after
// the network came back).
describe('actionErrorText', () => {
  beforeAll(async () => {
    await initI18n({ all: true });
    await activateLanguage('en');
  });

  it('says nothing for what the API client already said (offline, time-out, duplicate)', () => {
    expect(actionErrorText(new NetworkError('offline', true))).toBeNull();
    expect(actionErrorText(new NetworkError('transport error', false))).toBeNull();
    expect(actionErrorText(new DuplicateRequestError('/api/x'))).toBeNull();
  });

  it("names a server refusal in the user's language", () => {
    expect(actionErrorText(new ApiError(ErrCode.INSUFFICIENT_POINTS, '积分不足', null))).toBe(
      'Not enough points for this order, please recharge first',
    );
  });

  it('never shows an error class or a raw message', () => {
    const text = actionErrorText(new TypeError("Cannot read properties of undefined (reading 'x')"));
    expect(text).toBe('Something went wrong, please try again');
  });
});

// The counter's refusals (issue 26, errcodes 9000-9024) in the user's language, with the amount.
describe('counter errcodes', () => {
  beforeAll(async () => {
    await initI18n({ all: true });
  });

  it('has words for every counter errcode 9000-9099, in English and Spanish', async () => {
    const counter = Object.values(ErrCode).filter((code) => code >= 9000 && code < 9100);
    expect(counter.length).toBeGreaterThanOrEqual(18);
    for (const lang of ['en', 'es'] as const) {
      await activateLanguage(lang);
      for (const code of counter) {
        const text = localizedErrorMessage(code, 'SERVER', null);
        expect(text, `errcode ${code} in ${lang}`).not.toBe('SERVER');
      }
    }
  });

  it('says how much is still due or held, in yuan', async () => {
    await activateLanguage('en');
    expect(
      localizedErrorMessage(ErrCode.TICKET_NOT_PAID, '费用尚未结清，请先收款', { outstanding_fen: 12345 }),
    ).toBe('The approved work is not paid in full; take the payment first (¥123.45)');
    expect(localizedErrorMessage(ErrCode.MONEY_MORE_THAN_HELD, '', { held_fen: 500 })).toMatch(/\(¥5\.00\)$/);
    await activateLanguage('es');
    expect(localizedErrorMessage(ErrCode.TICKET_STALE, '', null)).not.toMatch(/Someone else/);
    await activateLanguage('zh');
    expect(
      localizedErrorMessage(ErrCode.MONEY_MORE_THAN_DUE, '收款金额超过应收金额', { outstanding_fen: 100 }),
    ).toBe('收款金额超过应收金额 (¥1.00)');
  });
});
