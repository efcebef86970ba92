import { describe, expect, it } from 'vitest';
import { inLanguage, packageName } from './package-names.ts';

describe('package names in the reader language (issue 27)', () => {
  const combo = { name: 'VIP 月卡', name_en: 'VIP monthly pass', name_es: 'Pase VIP mensual' };

  it('shows the English and Spanish names, Chinese in zh', () => {
    expect(packageName('en', combo)).toBe('VIP monthly pass');
    expect(packageName('es', combo)).toBe('Pase VIP mensual');
    expect(packageName('zh', combo)).toBe('VIP 月卡');
  });

  it('falls back to the Chinese text when the operator gave no translation', () => {
    expect(packageName('en', { name: '新套餐', name_en: '', name_es: '' })).toBe('新套餐');
    expect(inLanguage('es', '说明', 'Description', '  ')).toBe('说明');
  });
});
