import { describe, expect, it } from 'vitest';
import { extractPhotoCandidates } from './photo-text.ts';

const values = (text: string) => extractPhotoCandidates(text).map((c) => c.value);

describe('extractPhotoCandidates', () => {
  it('reads a box label and a settings screenshot', () => {
    expect(values('(S) Serial No. F28SDH5WNLCY\nIMEI 356434375412302\nIMEI2 354496883827760')).toEqual([
      'F28SDH5WNLCY',
      '356434375412302',
      '354496883827760',
    ]);
    expect(values('Serial Number F28SDH5WNLCY\nIMEI 35 361341 812226 6\nIMEI2 01 884384 088588 6')).toEqual([
      'F28SDH5WNLCY',
      '353613418122266',
      '018843840885886',
    ]);
  });

  it('takes look-alike glyphs when the Luhn digit agrees, cuts glued labels', () => {
    expect(values('\\MEl 35 361341 g12226 6')).toEqual(['353613418122266']);
    expect(values('IMEI:35643437541Z3O2')).toEqual(['356434375412302']);
    expect(values('IMEI:35643437541Z3O3')).toEqual([]); // no reading passes Luhn
    expect(values('IMEI:356434375412302')).toEqual(['356434375412302']);
    expect(values('No.F28SDH5WNLCY')).toEqual(['F28SDH5WNLCY']);
  });

  it('ignores words, wrong check digits, models and versions', () => {
    expect(values('Network Provider Lock No SIM restrictions')).toEqual([]);
    expect(values('IMEI 356434375412303')).toEqual([]);
    expect(values('iPhone 13 Pro 256GB MLT83CH/A 17.4.1 A2638')).toEqual([]);
    expect(values('DESIGNEDBYAPPLE')).toEqual([]);
  });

  it('joins a serial cut in two, never with a word before it', () => {
    expect(values('Serial Number FXMGA1 9EUQ9G')).toEqual(['FXMGA19EUQ9G']);
    expect(values('Number F28SDH5WNLCY')).toEqual(['F28SDH5WNLCY']);
  });

  it('on a Serial line, a serial read with I for 1 still counts; elsewhere a word does not', () => {
    expect(values('(S) Serial No. TINDRWFZJT')).toEqual(['T1NDRWFZJT']);
    expect(values('Lock No SIM RESTRICTIONS')).toEqual([]);
  });

  it('reads O and I in a serial as 0 and 1', () => {
    expect(values('Serial FI8SDH5WNLCO')).toEqual(['F18SDH5WNLC0']);
  });
});
