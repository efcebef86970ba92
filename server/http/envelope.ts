import type { FastifyError, FastifyInstance } from 'fastify';
import { ErrCode, defaultMsg, type ErrCodeValue } from '#contract/errcodes.ts';
import type { Envelope } from '#contract/envelope.ts';
import { AppError } from '#server/lib/app-error.ts';

/** HTTP status per errcode: the envelope is the contract, the status helps proxies and logs. */
export function httpStatus(errcode: number): number {
  switch (errcode) {
    case ErrCode.INVALID_INPUT:
      return 400;
    case ErrCode.SESSION_EXPIRED:
      return 401;
    case ErrCode.FORBIDDEN:
      return 403;
    case ErrCode.NOT_FOUND:
      return 404;
    case ErrCode.RATE_LIMITED:
      return 429;
    case ErrCode.REQUEST_ID_REUSED:
      return 422;
    case ErrCode.BODY_TOO_LARGE:
      return 413;

    case ErrCode.INTERNAL:
      return 500;
    case ErrCode.NOT_IMPLEMENTED:
      return 501;
    default:
      return 200;
  }
}

export function envelope<T>(errcode: ErrCodeValue, msg: string, datas: T): Envelope<T> {
  return { errcode, msg, datas };
}

/** Maps a framework error (bad JSON, body too large, …) to a business error. */
function fromFrameworkError(err: FastifyError): AppError | null {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(ErrCode.BODY_TOO_LARGE);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(ErrCode.INVALID_INPUT, '请求须为 JSON');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError(ErrCode.INVALID_INPUT, '请求长度不正确');
  }
  if (err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return new AppError(ErrCode.INVALID_INPUT, '请求体不是有效的 JSON');
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
    return new AppError(ErrCode.INVALID_INPUT);
  return null;
}

/**
 * One error handler for the whole API: every answer is the envelope, crashes included, and no stack
 * trace or internal message ever reaches the client.
 */
export function registerEnvelope(app: FastifyInstance): void {
  // An empty JSON body is the same as {} (some clients send no body for calls without input).
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (String(body).trim() === '') done(null, {});
    else defaultJson(req, body as string, done);
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    // An endpoint may name its own errcode for a body over its limit (a photo too large).
    const tooLarge = (req.routeOptions.config as { tooLargeErrcode?: ErrCodeValue } | undefined)
      ?.tooLargeErrcode;
    const known =
      err instanceof AppError
        ? err
        : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && tooLarge
          ? new AppError(tooLarge)
          : fromFrameworkError(err);
    if (known) {
      if (known.errcode !== ErrCode.SESSION_EXPIRED)
        req.log.info({ errcode: known.errcode }, 'business error');
      // 429s say when to come back in the standard header too, not only in datas.
      const wait = (known.datas as { retry_after_seconds?: unknown } | null)?.retry_after_seconds;
      if (known.errcode === ErrCode.RATE_LIMITED && typeof wait === 'number')
        reply.header('retry-after', String(wait));
      return reply.code(httpStatus(known.errcode)).send(envelope(known.errcode, known.message, known.datas));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(envelope(ErrCode.INTERNAL, defaultMsg[ErrCode.INTERNAL], null));
  });
}
