import type { z } from 'zod';
import { ErrCode } from '#contract/errcodes.ts';
import { UNSAFE_TEXT } from '#contract/schemas/common.ts';
import { AppError } from './app-error.ts';

/** One readable Chinese sentence per zod issue: the form shows the PWA's own text, the toast this one. */
function describe(issue: z.core.$ZodIssue): string {
  // A message the contract wrote itself (Chinese, like every server msg) says it best.
  if (/[\u4e00-\u9fff]/.test(issue.message)) return issue.message;
  const field = issue.path.length ? issue.path.join('.') : '请求体';
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'array')
        return Number(issue.minimum) <= 1 ? `${field} 不能为空` : `${field} 至少 ${issue.minimum} 项`;
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? `${field} 不能为空` : `${field} 至少 ${issue.minimum} 个字符`;
      return `${field} 不能小于 ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'array') return `${field} 最多 ${issue.maximum} 项`;
      if (issue.origin === 'string') return `${field} 最多 ${issue.maximum} 个字符`;
      return `${field} 不能大于 ${issue.maximum}`;
    case 'invalid_type':
      return issue.input === undefined ? `${field} 不能为空` : `${field} 格式不正确`;
    case 'invalid_format':
      return `${field} 格式不正确`;
    case 'custom':
      if (issue.params?.reason === UNSAFE_TEXT)
        return `${field} 含有控制字符、方向控制符或零宽字符，请删除后再试`;
      return `${field} 无效`;
    default:
      return `${field} 无效`;
  }
}

/** Parses an endpoint's input or throws INVALID_INPUT with a message per field. */
export function parseInput<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  // reportInput tells a missing field (input undefined) from one of the wrong type.
  const result = schema.safeParse(body ?? {}, { reportInput: true });
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= describe(issue);
  }
  throw new AppError(ErrCode.INVALID_INPUT, `参数错误：${Object.values(fields).join('；')}`, { fields });
}
