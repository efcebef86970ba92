import { describe, expect, it } from 'vitest';
import { placeholderProblems, placeholdersOf } from './icu-placeholders.ts';

describe('placeholdersOf', () => {
  it('finds simple, formatted and nested arguments', () => {
    expect(placeholdersOf('Welcome, {0}')).toEqual({ args: ['0'], tags: [] });
    expect(placeholdersOf('Try again in {seconds} s, {user.title}')).toEqual({
      args: ['seconds', 'user.title'],
      tags: [],
    });
    expect(placeholdersOf('{price, number, ::currency/CNY} on {day, date, short}').args).toEqual([
      'day',
      'price',
    ]);
    expect(
      placeholdersOf(
        '{count, plural, offset:1 =0 {none} one {# item for {name}} other {# items}} {g, select, a {x} other {y}}',
      ).args,
    ).toEqual(['count', 'g', 'name']);
  });

  it('skips quoted text and finds tags', () => {
    expect(placeholdersOf("Type '{name}' here, it''s {0}").args).toEqual(['0']);
    expect(placeholdersOf('Read <0>the terms</0> and <1/>')).toEqual({
      args: [],
      tags: ['</0>', '<0>', '<1/>'],
    });
  });

  it('rejects messages that are not valid ICU', () => {
    expect(() => placeholdersOf('Points: {0')).toThrow(SyntaxError);
    expect(() => placeholdersOf('Points: 0}')).toThrow(SyntaxError);
    expect(() => placeholdersOf('{n, plural, one}')).toThrow(SyntaxError);
    expect(() => placeholdersOf('{n, plural, one {# item}')).toThrow(SyntaxError);
    expect(() => placeholdersOf('{}')).toThrow(SyntaxError);
  });
});

describe('placeholderProblems', () => {
  it('accepts reordered placeholders', () => {
    expect(placeholderProblems('{a} of {b}', '{b} 中的 {a}')).toEqual([]);
  });

  it('reports dropped, renamed and broken placeholders and tags', () => {
    expect(placeholderProblems('Points: {0}', '积分')).toEqual(['the translation drops {0}']);
    expect(placeholderProblems('Wait {seconds} s', '请 {second} 秒后重试')).toEqual([
      'the translation drops {seconds}',
      'the translation has {second}, which the source text does not have',
    ]);
    expect(placeholderProblems('Points: {0}', '积分：{0')[0]).toMatch(/not valid ICU/);
    expect(placeholderProblems('Read <0>this</0>', '阅读此内容')[0]).toMatch(/tags/);
  });
});
