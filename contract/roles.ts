/** Spec section 6: Admin = 0, Editor = 1. (No zod here: route guards read it; the schema is in schemas/role.ts.) */
export const Role = { Admin: 0, Editor: 1 } as const;
export type RoleValue = (typeof Role)[keyof typeof Role];
