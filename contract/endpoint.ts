import type { z } from 'zod';

/**
 * Who may call an endpoint. Enforced by the server in one place (server/http/endpoints.ts):
 * - public: anyone;
 * - user: any signed-in, enabled employee;
 * - admin: a signed-in employee whose role is Admin.
 */
export type Access = 'public' | 'user' | 'admin';

export interface EndpointDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** Always POST (spec section 7). */
  path: `/api/${string}/${string}`;
  access: Access;
  /** Validated before any handler runs; unknown fields are dropped. */
  input: I;
  /** The `datas` of a successful answer. */
  output: O;
  /** The spec sends the token as the `token` query parameter on these (get_user, get_ws_auth_code). */
  tokenInQuery?: boolean;
  /** Largest request body in bytes, when larger than the server's default of 1 MiB (image uploads). */
  bodyLimit?: number;
  /** The errcode answered when the body is over that limit (default INVALID_INPUT), e.g. a photo too large. */
  tooLargeErrcode?: number;
  /** One line for the next engineer and for docs. */
  summary: string;
}

export const defineEndpoint = <I extends z.ZodType, O extends z.ZodType>(def: EndpointDef<I, O>) => def;

export type EndpointInput<E extends EndpointDef> = z.input<E['input']>;
export type EndpointParsedInput<E extends EndpointDef> = z.output<E['input']>;
export type EndpointOutput<E extends EndpointDef> = z.output<E['output']>;

/**
 * What the PWA calls an endpoint by (contract/endpoint-paths.generated.ts): its path and token
 * placement, nothing to run. The definition it stands for rides along as a type only, so a call's
 * input and answer stay typed without the zod schemas in the bundle. A full EndpointDef is one too.
 */
export interface EndpointRef<E extends EndpointDef = EndpointDef> {
  path: E['path'];
  tokenInQuery?: boolean;
  /** Never set: the type of the definition this stands for. */
  readonly __def?: E;
}

/** The definition an EndpointRef stands for (a definition stands for itself). */
export type RefDef<R extends EndpointRef> = R extends EndpointDef
  ? R
  : Extract<NonNullable<R['__def']>, EndpointDef>;
export type RefInput<R extends EndpointRef> = EndpointInput<RefDef<R>>;
export type RefOutput<R extends EndpointRef> = EndpointOutput<RefDef<R>>;
