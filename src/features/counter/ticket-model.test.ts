import { describe, expect, it } from 'vitest';
import { MONEY_ENTRY_MAX_FEN } from '#contract/counter/money.ts';
import { luhnCheckDigit } from '#contract/identifiers/parse.ts';
import { fenOfYuan, isOverdue, moneyEventOf, quoteAnswerOf, readDevices, yuan } from './ticket-model.ts';

describe("the tickets' screens' model", () => {
  it('reads yuan typed at the counter as fen, refusing what the contract would', () => {
    expect(fenOfYuan('300')).toBe(30000);
    expect(fenOfYuan('0.05')).toBe(5);
    expect(fenOfYuan(' 12.3 ')).toBe(1230);
    for (const bad of ['', '0', '-5', '1.234', 'abc', String(MONEY_ENTRY_MAX_FEN / 100 + 1)])
      expect(fenOfYuan(bad), bad).toBeNull();
    expect(yuan(30000)).toBe('¥300.00');
    expect(yuan(-20000)).toBe('-¥200.00');
    // Thousands grouped, as a Chinese receipt writes them.
    expect(yuan(159900)).toBe('¥1,599.00');
    expect(yuan(1234567805)).toBe('¥12,345,678.05');
    expect(yuan(-100000)).toBe('-¥1,000.00');
    expect(yuan(0)).toBe('¥0.00');
  });

  it('marks overdue only an open ticket past its promised date', () => {
    expect(isOverdue('repairing', 100, 101)).toBe(true);
    expect(isOverdue('repairing', 100, 100)).toBe(false);
    expect(isOverdue('collected', 100, 200)).toBe(false);
    expect(isOverdue('ready', null, 200)).toBe(false);
  });

  it('decodes device lines as the repairs intake does, naming the bad and the repeated', () => {
    const imei = `35209900176201${luhnCheckDigit('35209900176201')}`;
    const drafts = readDevices([imei, '', '12345', imei, 'f2lxk0abhg7f']);
    expect(drafts[0]).toMatchObject({ state: 'ok', kind: 'imei', value: imei });
    expect(drafts[1]).toEqual({ state: 'empty' });
    expect(drafts[2]).toEqual({ state: 'bad', reason: 'bad_length' });
    expect(drafts[3]).toEqual({ state: 'duplicate' });
    expect(drafts[4]).toMatchObject({ state: 'ok', kind: 'sn', value: 'F2LXK0ABHG7F' });
  });

  it("reads the server's money and quote notes, and nothing else", () => {
    expect(moneyEventOf('deposit 20000')).toEqual({ kind: 'deposit', fen: 20000 });
    expect(moneyEventOf('gift 1')).toBeNull();
    expect(quoteAnswerOf('approved 1, declined 2')).toEqual({ approved: 1, declined: 2 });
    expect(quoteAnswerOf('屏幕总成')).toBeNull();
  });
});
