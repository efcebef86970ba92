import { describe, expect, it } from 'vitest';
import { formatBytes } from './format.ts';

describe('formatBytes', () => {
  it('answers bytes, KB and MB', () => {
    expect(formatBytes(null)).toBe('—');
    expect(formatBytes(980)).toBe('980 B');
    expect(formatBytes(12_600)).toBe('12.3 KB');
    expect(formatBytes(4_718_592)).toBe('4.5 MB');
  });
});
