/** A non-zero errcode from the server. `datas` carries detail (invalid fields, seconds to wait). */
export class ApiError extends Error {
  readonly errcode: number;
  readonly datas: unknown;
  constructor(errcode: number, msg: string, datas: unknown) {
    super(msg);
    this.name = 'ApiError';
    this.errcode = errcode;
    this.datas = datas;
  }
}

/** The request never got an answer: offline, transport failure or time-out. */
export class NetworkError extends Error {
  readonly offline: boolean;
  constructor(message: string, offline: boolean) {
    super(message);
    this.name = 'NetworkError';
    this.offline = offline;
  }
}

/** An identical request was already in flight, so this one was not sent (spec section 5). */
export class DuplicateRequestError extends Error {
  constructor(url: string) {
    super(`数据请求中，请稍后${url}`);
    this.name = 'DuplicateRequestError';
  }
}

/** Field messages of an INVALID_INPUT answer, if any. */
export function invalidFields(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const fields = (err.datas as { fields?: unknown } | null)?.fields;
  return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
}
