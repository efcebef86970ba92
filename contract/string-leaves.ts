// Finds every place a schema takes a string from the caller, however deep (objects, arrays, records,
// tuples, unions, optional/nullable/default wrappers, pipes). The contract's text-hygiene test walks
// every endpoint's input with it, so a new field is checked without a new test (issue 25).
import type { z } from 'zod';

export interface StringLeaf {
  /** Where the string sits, e.g. `questions[].text` or `body{key}`. */
  path: string;
  /** The schema that parses it (a pipe or preprocess whose input is a string counts as a whole). */
  schema: z.ZodType;
}

type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Whether a schema starts by taking a string (through wrappers and the input side of pipes). */
function takesString(s: z.ZodType): boolean {
  const def = defOf(s);
  if (def.type === 'string' || def.type === 'template_literal') return true;
  if (def.type === 'pipe') return takesString(def.in as z.ZodType);
  if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type))
    return takesString(def.innerType as z.ZodType);
  return false;
}

export function stringLeaves(schema: z.ZodType, path = ''): StringLeaf[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
    case 'template_literal':
      return [{ path, schema }];
    case 'pipe': {
      const input = def.in as z.ZodType;
      // A preprocess (a transform piped into a schema) takes anything: its strings are what the
      // schema after it takes, e.g. a numeric string for a number.
      if (defOf(input).type === 'transform') return stringLeaves(def.out as z.ZodType, path);
      if (takesString(input)) return [{ path, schema }];
      return stringLeaves(input, path);
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return stringLeaves(def.innerType as z.ZodType, path);
    case 'lazy':
      return stringLeaves((def.getter as () => z.ZodType)(), path);
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([k, v]) =>
        stringLeaves(v, path ? `${path}.${k}` : k),
      );
    case 'array':
      return stringLeaves(def.element as z.ZodType, `${path}[]`);
    case 'set':
      return stringLeaves(def.valueType as z.ZodType, `${path}[]`);
    case 'tuple':
      return [
        ...(def.items as z.ZodType[]).flatMap((item, i) => stringLeaves(item, `${path}[${i}]`)),
        ...(def.rest ? stringLeaves(def.rest as z.ZodType, `${path}[]`) : []),
      ];
    case 'record':
    case 'map':
      return [
        ...stringLeaves(def.keyType as z.ZodType, `${path}{key}`),
        ...stringLeaves(def.valueType as z.ZodType, `${path}{}`),
      ];
    case 'union':
      return (def.options as z.ZodType[]).flatMap((o, i) => stringLeaves(o, `${path}|${i}`));
    case 'intersection':
      return [...stringLeaves(def.left as z.ZodType, path), ...stringLeaves(def.right as z.ZodType, path)];
    default:
      // Numbers, booleans, enums, literals, unknown (checked by the schema it is replayed through).
      return [];
  }
}
