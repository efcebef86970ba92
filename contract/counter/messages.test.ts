import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TEMPLATES,
  EXAMPLE_VALUES,
  MESSAGE_KINDS,
  MESSAGE_LANGS,
  MESSAGE_PLACEHOLDERS,
  renderMessage,
  smsSize,
  templateProblem,
  unknownPlaceholders,
} from './messages.ts';

describe('message templates', () => {
  it('renders every placeholder, and a value holding braces stays as typed', () => {
    const text = renderMessage('{customer}/{ticket}/{device}/{link}/{shop}/{phone}', {
      ...EXAMPLE_VALUES,
      customer: 'Ann {ticket}',
    });
    expect(text).toBe(
      `Ann {ticket}/${EXAMPLE_VALUES.ticket}/${EXAMPLE_VALUES.device}/${EXAMPLE_VALUES.link}/${EXAMPLE_VALUES.shop}/${EXAMPLE_VALUES.phone}`,
    );
  });

  it('names unknown placeholders once each, in order; known ones are not named', () => {
    expect(unknownPlaceholders('Hi {cliente} {link} {Customer} {cliente} {}')).toEqual([
      'cliente',
      'Customer',
      '',
    ]);
    expect(unknownPlaceholders(MESSAGE_PLACEHOLDERS.map((p) => `{${p}}`).join(' '))).toEqual([]);
  });

  it('counts SMS segments: GSM 7-bit 160 / 153, extension characters twice, UCS-2 70 / 67', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ chars: 160, segments: 1, encoding: 'gsm7' });
    expect(smsSize('a'.repeat(161))).toEqual({ chars: 161, segments: 2, encoding: 'gsm7' });
    expect(smsSize('€'.repeat(80))).toEqual({ chars: 160, segments: 1, encoding: 'gsm7' });
    expect(smsSize('好'.repeat(70))).toEqual({ chars: 70, segments: 1, encoding: 'ucs2' });
    expect(smsSize('好'.repeat(71))).toEqual({ chars: 71, segments: 2, encoding: 'ucs2' });
    // Spanish accents outside the GSM alphabet (á, í, ó) turn the whole text into UCS-2.
    expect(smsSize('está').encoding).toBe('ucs2');
  });

  it('accepts the defaults of every kind and language, and says what is wrong first', () => {
    expect(templateProblem(DEFAULT_TEMPLATES)).toBeNull();
    for (const kind of MESSAGE_KINDS)
      for (const lang of MESSAGE_LANGS) expect(DEFAULT_TEMPLATES[kind][lang]).toContain('{link}');
    const bad = structuredClone(DEFAULT_TEMPLATES);
    bad.sent_to_apple.es = '{enlace}';
    expect(templateProblem(bad)).toEqual({
      kind: 'sent_to_apple',
      lang: 'es',
      problem: 'unknown_placeholder',
      names: ['enlace'],
    });
    bad.sent_to_apple.es = '好'.repeat(280);
    expect(templateProblem(bad)).toMatchObject({
      kind: 'sent_to_apple',
      lang: 'es',
      problem: 'too_long',
      segments: 5,
    });
    bad.quote_ready.zh = ' ';
    expect(templateProblem(bad)).toEqual({ kind: 'quote_ready', lang: 'zh', problem: 'empty' });
  });
});
