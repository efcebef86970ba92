import { describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import { authEndpoints, outboxEndpoints } from './endpoint-refs.ts';

describe('authEndpoints', () => {
  it('each stand-in has the path and token placement of the contract endpoint it names', () => {
    for (const [key, ref] of Object.entries({ ...authEndpoints, ...outboxEndpoints })) {
      const { name, path, tokenInQuery } = ref as unknown as { name: keyof typeof endpoints } & typeof ref;
      expect(name).toBe(key);
      const def = endpoints[name];
      expect(path, key).toBe(def.path);
      expect(tokenInQuery ?? false, key).toBe(def.tokenInQuery ?? false);
    }
  });
});
