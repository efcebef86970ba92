import type { MessageDescriptor } from '@lingui/core';
import { HOME_PAGE_PATH, HOME_TITLE, PAGE_TITLES, SECTION_HOMES } from './page-titles.ts';

/** One breadcrumb item: one prefix of the path. */
export interface BreadcrumbSegment {
  /** Where the item leads: the prefix itself, a section's default page, or Home's page. */
  path: string;
  /** The translated title when the prefix is a known page or section. */
  title?: MessageDescriptor;
  /** The raw path segment (decoded): shown when there is no title. */
  label: string;
  /** False for a prefix that is no page (an unknown segment): shown as text, not as a link. */
  linkable: boolean;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The breadcrumb of a path (spec section 2, "a breadcrumb is built from the path"): one item per
 * prefix. The first is Home (the /app prefix, leading to the dashboard); a known page or section has
 * its title from PAGE_TITLES; an unknown segment shows as itself and is not a link.
 *
 * /app/quiry/managementDetail → Home › Order management › Order detail
 */
export function breadcrumbFromPath(pathname: string): BreadcrumbSegment[] {
  const parts = pathname.split('/').filter(Boolean);
  const segments: BreadcrumbSegment[] = [
    { path: HOME_PAGE_PATH, title: HOME_TITLE, label: 'Home', linkable: true },
  ];
  const start = parts[0] === 'app' ? 1 : 0;
  let prefix = start === 1 ? '/app' : '';
  for (const part of parts.slice(start)) {
    prefix = `${prefix}/${part}`;
    const title = PAGE_TITLES[prefix];
    const sectionHome = SECTION_HOMES[prefix];
    segments.push({
      path: sectionHome ?? prefix,
      ...(title ? { title } : {}),
      label: decode(part),
      linkable: Boolean(title || sectionHome),
    });
  }
  return segments;
}
