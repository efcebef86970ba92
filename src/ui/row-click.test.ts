import { describe, expect, it } from 'vitest';
import { clickHasOwnTarget } from './row-click.ts';

describe('clickHasOwnTarget', () => {
  it('leaves links, buttons, checkboxes and the selection cell their own click; the rest opens the row', () => {
    document.body.innerHTML = `<div id="row"><span id="text">353911</span><a href="#x"><b id="in-link">x</b></a>
      <button id="button">b</button><div data-row-select><span id="select-cell">.</span></div></div>`;
    const byId = (id: string) => document.getElementById(id);
    expect(clickHasOwnTarget(byId('text'))).toBe(false);
    expect(clickHasOwnTarget(byId('row'))).toBe(false);
    expect(clickHasOwnTarget(byId('in-link'))).toBe(true);
    expect(clickHasOwnTarget(byId('button'))).toBe(true);
    expect(clickHasOwnTarget(byId('select-cell'))).toBe(true);
    expect(clickHasOwnTarget(null)).toBe(false);
  });
});
