import { z } from 'zod';

/** Spec section 6: Admin = 0, Editor = 1. */
export const Role = { Admin: 0, Editor: 1 } as const;
export type RoleValue = (typeof Role)[keyof typeof Role];
export const roleSchema = z.union([z.literal(Role.Admin), z.literal(Role.Editor)]);
