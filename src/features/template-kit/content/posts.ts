import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export interface Post {
  id: number;
  title: MessageDescriptor;
  excerpt: MessageDescriptor;
  tag: MessageDescriptor;
  date: string;
  hue: string;
}

/** The shop's blog, for the blog pages. */
export const POSTS: Post[] = [
  {
    id: 1,
    title: msg`Five signs your phone battery needs replacing`,
    excerpt: msg`Sudden shutdowns at 20%, a swollen back, or a phone that is hot while charging: time for a new battery.`,
    tag: msg`Repair tips`,
    date: '2026-11-02',
    hue: '#4a6fa5',
  },
  {
    id: 2,
    title: msg`How we check a second-hand phone before we sell it`,
    excerpt: msg`Every phone we sell passes an activation lock, network lock and warranty check, and a 30-point test.`,
    tag: msg`Inside the shop`,
    date: '2026-10-18',
    hue: '#3c8d5a',
  },
  {
    id: 3,
    title: msg`Dropped your phone in water? Do this first`,
    excerpt: msg`Switch it off, do not charge it, and bring it in within 24 hours: the sooner we clean it, the more we save.`,
    tag: msg`Repair tips`,
    date: '2026-09-27',
    hue: '#c23b4e',
  },
];
