import { describe, expect, it } from 'vitest';
import { WORD_FIELDS } from '#contract/device-words.ts';
import { SANDBOX_COUNTRIES, SANDBOX_MODELS, UNLOCKED_CARRIER } from './sandbox-models.ts';

// Every word the sandbox provider answers has its Chinese and Spanish (issue 27): a new colour or
// country in the sandbox fails here instead of showing in English on a Chinese screen.
describe('device words cover the sandbox', () => {
  it('has every colour, carrier and country the sandbox answers', () => {
    const missing = [
      ...SANDBOX_MODELS.flatMap((m) => m.colours).filter((c) => !WORD_FIELDS.colour[c]),
      ...SANDBOX_COUNTRIES.map((c) => c.name).filter((n) => !WORD_FIELDS.sale_country[n]),
      ...[UNLOCKED_CARRIER, 'China Mobile', 'China Unicom', 'China Telecom'].filter(
        (c) => !WORD_FIELDS.carrier[c],
      ),
    ];
    expect(missing).toEqual([]);
  });
});
