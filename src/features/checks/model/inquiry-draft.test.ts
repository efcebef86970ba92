import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, clearInquiryDrafts, getInquiryDraft, updateInquiryDraft } from './inquiry-draft.ts';

describe('inquiry draft', () => {
  it('keeps one user draft and drops it for another user', () => {
    clearInquiryDrafts();
    updateInquiryDraft(1, { title: 'Batch 7', page: 3 });
    expect(getInquiryDraft(1)).toMatchObject({ title: 'Batch 7', page: 3, text: '' });
    expect(getInquiryDraft(2)).toBe(EMPTY_DRAFT);
    expect(getInquiryDraft(1)).toBe(EMPTY_DRAFT);
  });
});
