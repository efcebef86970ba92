import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrCode } from '#contract/errcodes.ts';
import { loginInput } from '#contract/schemas/auth.ts';
import { emptyInput } from '#contract/schemas/common.ts';
import { AppError } from './app-error.ts';
import { parseInput } from './validation.ts';

/** The AppError parseInput throws for this body. */
function failure(schema: z.ZodType, body: unknown): AppError {
  try {
    parseInput(schema, body);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error(`expected ${JSON.stringify(body)} to be refused`);
}

const fieldsOf = (err: AppError) => (err.datas as { fields: Record<string, string> }).fields;

const form = z.object({
  name: z.string().trim().min(1).max(5),
  code: z.string().min(3),
  age: z.number().int().min(1).max(100),
  email: z.email().optional(),
  nested: z.object({ phone: z.string().regex(/^1\d{10}$/) }).optional(),
  kind: z.enum(['a', 'b']).optional(),
});

describe('parseInput: success', () => {
  it('answers the parsed value: trimmed, coerced, unknown fields dropped', () => {
    const out = parseInput(loginInput, {
      username: '  admin ',
      password: ' pw ',
      tn_r: '150',
      uniqid: ' abc ',
      role: 0,
      __proto_x: 1,
    });
    expect(out).toEqual({ username: 'admin', password: ' pw ', tn_r: 150, uniqid: 'abc' });
  });

  it('treats a missing body (undefined or null) as {}', () => {
    expect(parseInput(emptyInput, undefined)).toEqual({});
    expect(parseInput(emptyInput, null)).toEqual({});
    expect(parseInput(emptyInput, { anything: 1 })).toEqual({});
  });
});

describe('parseInput: messages (Chinese, naming the field)', () => {
  const valid = { name: 'Li', code: 'abc', age: 30 };

  it('throws INVALID_INPUT with datas.fields and a msg joining them', () => {
    const err = failure(form, { ...valid, name: '', age: 0 });
    expect(err.errcode).toBe(ErrCode.INVALID_INPUT);
    expect(fieldsOf(err)).toEqual({ name: 'name 不能为空', age: 'age 不能小于 1' });
    expect(err.message).toBe('参数错误：name 不能为空；age 不能小于 1');
  });

  it.each([
    ['an empty string', { name: '' }, 'name', 'name 不能为空'],
    ['a blank string (trimmed)', { name: '   ' }, 'name', 'name 不能为空'],
    ['a string shorter than its minimum', { code: 'ab' }, 'code', 'code 至少 3 个字符'],
    ['a string longer than its maximum', { name: 'abcdef' }, 'name', 'name 最多 5 个字符'],
    ['a number below its minimum', { age: 0 }, 'age', 'age 不能小于 1'],
    ['a number above its maximum', { age: 101 }, 'age', 'age 不能大于 100'],
    ['a missing field', { name: undefined }, 'name', 'name 不能为空'],
    ['a bad email', { email: 'not-an-email' }, 'email', 'email 格式不正确'],
    [
      'a nested field failing its pattern',
      { nested: { phone: '123' } },
      'nested.phone',
      'nested.phone 格式不正确',
    ],
    ['a value outside an enum', { kind: 'c' }, 'kind', 'kind 无效'],
  ])('%s', (_name, patch, field, message) => {
    const err = failure(form, { ...valid, ...patch });
    expect(fieldsOf(err)).toEqual({ [field]: message });
    expect(err.message).toBe(`参数错误：${message}`);
  });

  it('keeps the first message of a field that fails twice', () => {
    const twice = z.object({ pin: z.string().min(4).regex(/^\d+$/) });
    const err = failure(twice, { pin: 'ab' });
    expect(fieldsOf(err)).toEqual({ pin: 'pin 至少 4 个字符' });
  });

  it('names the body itself "请求体" under the key "_" (a refinement of the whole object)', () => {
    const refined = z.object({ a: z.string().optional() }).refine((v) => v.a !== undefined);
    const err = failure(refined, {});
    expect(fieldsOf(err)).toEqual({ _: '请求体 无效' });
  });

  it('refuses a body that is not an object under the key "_"', () => {
    for (const body of [[], 'text', 42, true]) {
      const err = failure(loginInput, body);
      expect(Object.keys(fieldsOf(err)), JSON.stringify(body)).toEqual(['_']);
      expect(fieldsOf(err)._).toMatch(/^请求体 /);
    }
  });

  it('names every missing login field', () => {
    const err = failure(loginInput, {});
    expect(fieldsOf(err)).toEqual({
      username: 'username 不能为空',
      password: 'password 不能为空',
      tn_r: 'tn_r 不能为空',
      uniqid: 'uniqid 不能为空',
    });
  });

  // zod 4 fills issue.input only with { reportInput: true }; without it a wrong type read "不能为空".
  it('says "格式不正确" for a value of the wrong type', () => {
    const err = failure(form, { ...valid, age: 'thirty' });
    expect(fieldsOf(err)).toEqual({ age: 'age 格式不正确' });
  });
});
