import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TodoItem } from '#contract/schemas/template-kit.ts';

// A todo's categories: their words (the add form's choice, an item's badge) and badge colours.
export const CATEGORIES: Record<TodoItem['category'], MessageDescriptor> = {
  repair: msg`Repair`,
  stock: msg`Stock`,
  shop: msg`Shop`,
};
export const CATEGORY_COLORS: Record<TodoItem['category'], string> = {
  repair: 'blue',
  stock: 'orange',
  shop: 'grape',
};
