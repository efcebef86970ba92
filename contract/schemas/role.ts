import { z } from 'zod';
import { Role } from '../roles.ts';

/** A role as the API carries it. Apart from contract/roles.ts, which the first-load bundle reads without zod. */
export const roleSchema = z.union([z.literal(Role.Admin), z.literal(Role.Editor)]);
