import { describe, expect, it } from 'vitest';
import { cameraProblem } from './camera-errors.ts';

describe('cameraProblem', () => {
  it('tells a refused permission from a missing or busy camera', () => {
    expect(cameraProblem(new DOMException('no', 'NotAllowedError'))).toBe('denied');
    expect(cameraProblem(new DOMException('none', 'NotFoundError'))).toBe('no_camera');
    expect(cameraProblem(new DOMException('in use', 'NotReadableError'))).toBe('busy');
    expect(cameraProblem(new Error('odd'))).toBe('failed');
    expect(cameraProblem('x')).toBe('failed');
  });
});
