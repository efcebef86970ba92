import { useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';

/** A form's field errors as message descriptors, translated when shown. */
export function useFieldErrors<F extends string>() {
  const [errors, setErrors] = useState<Partial<Record<F, MessageDescriptor>>>({});
  /** Sets every problem at once; answers whether the form is valid. */
  const check = (problems: Record<F, MessageDescriptor | null>): boolean => {
    const next: Partial<Record<F, MessageDescriptor>> = {};
    for (const [field, problem] of Object.entries(problems) as [F, MessageDescriptor | null][]) {
      if (problem) next[field] = problem;
    }
    setErrors(next);
    return Object.keys(next).length === 0;
  };
  const setError = (field: F, problem: MessageDescriptor) => setErrors((e) => ({ ...e, [field]: problem }));
  return { errors, check, setError };
}
