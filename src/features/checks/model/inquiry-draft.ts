import { useSyncExternalStore } from 'react';

/**
 * The basic-inquiry page is "kept alive" (spec section 2): what the user was doing there (an order
 * being written, the list's page and search) is still there after visiting another page and coming
 * back. The page keeps that state here, in memory for the session, per user: a shared tablet never
 * shows one employee's draft to the next (logout clears it too).
 */
export interface InquiryDraft {
  title: string;
  text: string;
  /** Service ids picked by hand (dependencies are added when the order is priced). */
  picked: readonly number[];
  page: number;
  keyword: string;
}

export const EMPTY_DRAFT: InquiryDraft = { title: '', text: '', picked: [], page: 1, keyword: '' };

let owner: number | null = null;
let draft: InquiryDraft = EMPTY_DRAFT;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The draft of `userId` (another user's draft is dropped first). */
export function getInquiryDraft(userId: number): InquiryDraft {
  if (owner !== userId) {
    owner = userId;
    draft = EMPTY_DRAFT;
  }
  return draft;
}

export function updateInquiryDraft(userId: number, patch: Partial<InquiryDraft>): void {
  draft = { ...getInquiryDraft(userId), ...patch };
  listeners.forEach((l) => l());
}

export function clearInquiryDrafts(): void {
  owner = null;
  draft = EMPTY_DRAFT;
  listeners.forEach((l) => l());
}

export function useInquiryDraft(userId: number): [InquiryDraft, (patch: Partial<InquiryDraft>) => void] {
  const value = useSyncExternalStore(subscribe, () => getInquiryDraft(userId));
  return [value, (patch) => updateInquiryDraft(userId, patch)];
}

/**
 * One field of the draft: the component re-renders when that field changes only (the order list
 * does not redraw for every character typed into the paste box).
 */
export function useInquiryDraftField<K extends keyof InquiryDraft>(userId: number, key: K): InquiryDraft[K] {
  return useSyncExternalStore(subscribe, () => getInquiryDraft(userId)[key]);
}
