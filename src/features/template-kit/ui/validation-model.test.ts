import { describe, expect, it } from 'vitest';
import { validateCustomer } from './validation-model.ts';

describe('validation demo', () => {
  it("answers the spec's messages for each missing field", () => {
    const problems = validateCustomer({ firstName: ' ', lastName: '', city: null, state: null });
    expect(Object.values(problems).map((m) => m?.message)).toEqual([
      'Please enter your first name!',
      'Please enter your last name!',
      'Please select a city!',
      'Please select a state!',
    ]);
  });
  it('has nothing to say about a complete form', () => {
    expect(validateCustomer({ firstName: 'Lei', lastName: 'Li', city: 'sz', state: 'gd' })).toEqual({});
  });
});
