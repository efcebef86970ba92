/**
 * Limits shared by the login form and the server. Apart from the schemas (contract/schemas/auth.ts)
 * so the sign-in page reads them without loading zod.
 */
export const USERNAME_MAX = 32;
export const PASSWORD_MAX = 128;
