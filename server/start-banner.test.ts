import { describe, expect, it } from 'vitest';
import { CREATE_ADMIN_HINT, startBanner } from './start-banner.ts';

const facts = { port: 8080, servesPwa: true, database: 'data/repairops.sqlite' };
const demo = { seeded: true, history: null };

describe('the start banner', () => {
  it('outside production prints the demo sign-ins, as always', () => {
    const text = startBanner({ ...facts, production: false, first: { demo, hasUsers: true } });
    expect(text).toContain('RepairOps is running at http://localhost:8080/');
    expect(text).toContain('(demo shop seeded)');
    expect(text).toContain('admin / repair2026');
  });

  it('in production with no account says how to create one, and prints no password', () => {
    const text = startBanner({ ...facts, production: true, first: { demo: null, hasUsers: false } });
    expect(text).toContain('no account yet');
    expect(text).toContain(CREATE_ADMIN_HINT);
    expect(text).not.toContain('repair2026');
    expect(text).not.toContain('demo');
  });

  it('in production with accounts says nothing about signing in', () => {
    const text = startBanner({ ...facts, production: true, first: { demo: null, hasUsers: true } });
    expect(text).not.toMatch(/repair2026|no account|sign-ins/);
  });
});
