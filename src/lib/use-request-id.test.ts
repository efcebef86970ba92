import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useRequestId } from './use-request-id.ts';

describe('useRequestId', () => {
  it('reuses the id for the same body, so a retried write after a lost answer is applied once', () => {
    const { result } = renderHook(() => useRequestId());
    const body = { title: 'A', identifiers: ['490154203237518'], service_ids: [1] };
    const first = result.current.idFor(body);
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(result.current.idFor({ ...body })).toBe(first);
  });

  it('gives a changed body, or the same body after done(), a new id', () => {
    const { result } = renderHook(() => useRequestId());
    const first = result.current.idFor({ title: 'A' });
    const changed = result.current.idFor({ title: 'B' });
    expect(changed).not.toBe(first);
    result.current.done();
    expect(result.current.idFor({ title: 'B' })).not.toBe(changed);
  });
});
