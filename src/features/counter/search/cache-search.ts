import type { SearchHit } from '#contract/schemas/search.ts';
import { SEARCH_HITS_PER_KIND } from '#contract/values/search.ts';
import type { TicketStatus } from '#contract/counter/workflow.ts';
import { GROUP_OF_KIND, emptyGroups, type HitGroups } from './search-hits.ts';

/**
 * Offline, the search box searches what this device already holds: the react-query cache's lists
 * and details (customers, tickets, tracked devices, check orders, earlier search answers). Rows are
 * recognised by their shape, not their query key, so every screen's cache counts without the
 * search knowing its keys. The index is built once per opening; a keystroke only scans it.
 */
export interface CacheEntry {
  hit: SearchHit;
  /** Names, titles and numbers, lower-cased. */
  text: string;
  /** Phones, digits only. */
  phones: string[];
  /** SN, IMEI, Apple repair ids, upper-cased. */
  idents: string[];
}

type Row = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []);
const KINDS = new Set(['customer', 'ticket', 'repair_device', 'check_order']);
const MAX_DEPTH = 4;

function entryOf(o: Row): CacheEntry | null {
  if (typeof o.id !== 'number') return null;
  const id = o.id;
  // An earlier answer of /api/search/global.
  if (KINDS.has(str(o.kind)) && typeof o.title === 'string' && typeof o.detail === 'string') {
    const hit = o as unknown as SearchHit;
    return {
      hit,
      text: `${hit.title} ${hit.detail}`.toLowerCase(),
      phones: [],
      idents: [hit.title.toUpperCase()],
    };
  }
  if ('batch_id' in o && Array.isArray(o.repair_ids)) {
    const idents = [o.sn, o.imei, o.new_sn, o.new_imei, ...o.repair_ids].map(str).filter(Boolean);
    const title = str(o.sn) || str(o.imei);
    const detail = [str(o.model), str(o.customer_name)].filter(Boolean).join(' · ');
    return {
      hit: { kind: 'repair_device', id, title, detail },
      text: `${title} ${str(o.customer_name)}`.toLowerCase(),
      phones: [str(o.customer_phone).replace(/\D/g, '')],
      idents: idents.map((i) => i.toUpperCase()),
    };
  }
  if ('jobs_total' in o && typeof o.title === 'string') {
    return {
      hit: { kind: 'check_order', id, title: o.title, detail: String(o.devices ?? '') },
      text: o.title.toLowerCase(),
      phones: [],
      idents: [],
    };
  }
  if (Array.isArray(o.phones) && typeof o.name === 'string') {
    const phones = strs(o.phones);
    return {
      hit: { kind: 'customer', id, title: o.name, detail: phones.join(' · ') },
      text: o.name.toLowerCase(),
      phones: phones.map((p) => p.replace(/\D/g, '')),
      idents: [],
    };
  }
  if (typeof o.no_text === 'string' && typeof o.status === 'string') {
    const devices = Array.isArray(o.devices) ? (o.devices as Row[]) : [];
    const idents = devices.flatMap((d) => [d.ident, d.sn, d.imei].map(str)).filter(Boolean);
    const name = str(o.customer_name);
    return {
      hit: { kind: 'ticket', id, title: o.no_text, detail: name, status: o.status as TicketStatus },
      text: `${o.no_text} ${name}`.toLowerCase(),
      phones: [],
      idents: idents.map((i) => i.toUpperCase()),
    };
  }
  return null;
}

/** Every recognisable row of the given query datas, once per kind and id (the first seen wins). */
export function indexCache(datas: readonly unknown[]): CacheEntry[] {
  const seen = new Set<string>();
  const entries: CacheEntry[] = [];
  const visit = (node: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
      return;
    }
    const entry = entryOf(node as Row);
    if (entry) {
      const key = `${entry.hit.kind}:${entry.hit.id}`;
      if (!seen.has(key)) {
        seen.add(key);
        entries.push(entry);
      }
      // A row's own arrays (phones, devices) are read by entryOf; nothing further to find inside.
      return;
    }
    for (const key in node) {
      const value = (node as Row)[key];
      if (value !== null && typeof value === 'object') visit(value, depth + 1);
    }
  };
  for (const data of datas) visit(data, 0);
  return entries;
}

/**
 * The entries matching `q`, at most a few per kind like the server: a name or title containing it,
 * a phone containing its digits (the last four included), an SN/IMEI/repair id starting with it.
 */
export function searchCache(entries: readonly CacheEntry[], q: string): HitGroups {
  const groups = emptyGroups();
  const text = q.trim().toLowerCase();
  if (!text) return groups;
  const ident = text.replace(/\s+/g, '').toUpperCase();
  const digits = /^[\d\s+-]+$/.test(text) ? text.replace(/\D/g, '') : '';
  for (const entry of entries) {
    const group = groups[GROUP_OF_KIND[entry.hit.kind]];
    if (group.length >= SEARCH_HITS_PER_KIND) continue;
    const found =
      entry.text.includes(text) ||
      (digits.length >= 4 && entry.phones.some((p) => p.includes(digits))) ||
      (ident.length >= 4 && entry.idents.some((i) => i.startsWith(ident)));
    if (found) group.push(entry.hit);
  }
  return groups;
}
