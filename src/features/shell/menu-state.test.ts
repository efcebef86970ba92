import { describe, expect, it } from 'vitest';
import {
  LARGE_BREAKPOINT,
  MENU_STATES,
  MOBILE_BREAKPOINT,
  dismissMenu,
  initialMenuState,
  nextMenuState,
  widthClassOf,
} from './menu-state.ts';

describe('side menu states (spec: 4 states cycled by click count)', () => {
  it('has 4 states', () => {
    expect(MENU_STATES).toHaveLength(4);
  });

  it('cycles full → compact → hidden → overlay → full', () => {
    expect(nextMenuState('full')).toBe('compact');
    expect(nextMenuState('compact')).toBe('hidden');
    expect(nextMenuState('hidden')).toBe('overlay');
    expect(nextMenuState('overlay')).toBe('full');
  });

  it('comes back to any state after 4 clicks', () => {
    for (const start of MENU_STATES) {
      let state = start;
      const seen = new Set([state]);
      for (let click = 1; click <= 4; click++) {
        state = nextMenuState(state);
        seen.add(state);
      }
      expect(state).toBe(start);
      expect(seen.size).toBe(4);
    }
  });

  it('uses the spec breakpoints 768 and 1200', () => {
    expect(MOBILE_BREAKPOINT).toBe(768);
    expect(LARGE_BREAKPOINT).toBe(1200);
  });

  it('starts full from 1200, compact from 768 to 1199, hidden below 768', () => {
    expect(initialMenuState(1920)).toBe('full');
    expect(initialMenuState(1200)).toBe('full');
    expect(initialMenuState(1199)).toBe('compact');
    expect(initialMenuState(1024)).toBe('compact');
    expect(initialMenuState(768)).toBe('compact');
    expect(initialMenuState(767)).toBe('hidden');
    expect(initialMenuState(375)).toBe('hidden');
    expect(initialMenuState(0)).toBe('hidden');
  });

  it('classifies widths', () => {
    expect([767, 768, 1199, 1200].map(widthClassOf)).toEqual(['small', 'medium', 'medium', 'large']);
  });

  it('dismissing closes only the overlay', () => {
    expect(dismissMenu('overlay')).toBe('hidden');
    expect(dismissMenu('full')).toBe('full');
    expect(dismissMenu('compact')).toBe('compact');
    expect(dismissMenu('hidden')).toBe('hidden');
  });
});
