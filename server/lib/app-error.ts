import { defaultMsg, type ErrCodeValue } from '#contract/errcodes.ts';

/** A business error: becomes the envelope `{ errcode, msg, datas }`; never a stack trace. */
export class AppError extends Error {
  readonly errcode: ErrCodeValue;
  readonly datas: unknown;
  constructor(errcode: ErrCodeValue, msg?: string, datas: unknown = null) {
    super(msg ?? defaultMsg[errcode]);
    this.errcode = errcode;
    this.datas = datas;
  }
}
