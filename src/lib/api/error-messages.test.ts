import { beforeAll, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { activateLanguage, initI18n } from '#src/lib/i18n.ts';
import { actionErrorText } from './error-messages.ts';
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
