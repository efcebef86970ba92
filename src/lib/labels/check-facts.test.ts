import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { initI18n, activateLanguage } from '#src/lib/i18n.ts';
import { factLines } from './check-facts.ts';
import { jobReason } from './device-facts.ts';

// The device history's facts line (issue 27): no column id, no raw enum, no English colour in zh.
const FACTS = {
  model: 'iPhone 13',
  colour: 'Midnight Green',
  warranty_type: 'applecare_plus',
  replaced: 'no',
  warranty_days_left: 0,
  carrier: 'Unlocked',
  gsx_text: 'a long text',
  not_a_column: 'x',
};

describe('check facts in words', () => {
  beforeAll(async () => {
    await initI18n({ all: true });
    await activateLanguage('zh');
  });

  it('names each fact by its column and its value in the reader language', () => {
    expect(factLines(i18n, FACTS)).toEqual([
      '型号: iPhone 13',
      '颜色: 暗夜绿色',
      '保修类型: AppleCare+',
      '保修剩余天数: 0',
      '官换机: 否',
      '运营商: 无锁',
    ]);
  });

  it('shows no key or raw value', () => {
    const text = factLines(i18n, FACTS).join(' · ');
    expect(text).not.toMatch(/[a-z]+_[a-z]+|applecare_plus|\bno\b|Unlocked|Midnight/);
  });
});

describe('failed job reasons', () => {
  it("drop the provider's error code, keep its words", () => {
    expect(jobReason('E_NO_RECORD: Apple 无此设备记录')).toBe('Apple 无此设备记录');
    expect(jobReason('依赖的保修查询失败')).toBe('依赖的保修查询失败');
    expect(jobReason(null)).toBeNull();
  });
});
