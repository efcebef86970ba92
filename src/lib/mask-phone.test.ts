import { describe, expect, it } from 'vitest';
import { maskPhone } from './mask-phone.ts';

describe('maskPhone', () => {
  it('keeps the first three and the last four digits', () => {
    expect(maskPhone('13800133344')).toBe('138****3344');
    expect(maskPhone('12345')).toBe('12345');
  });
});
