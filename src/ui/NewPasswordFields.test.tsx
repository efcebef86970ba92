import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { NewPasswordFields } from './NewPasswordFields.tsx';

function renderFields(props: Partial<Parameters<typeof NewPasswordFields>[0]> = {}) {
  const onChange = vi.fn();
  render(
    <MantineProvider env="test">
      <NewPasswordFields
        values={{ password: 'abc', again: '' }}
        onChange={onChange}
        errors={{}}
        labels={{ password: 'New password', again: 'New password again' }}
        {...props}
      />
    </MantineProvider>,
  );
  return onChange;
}

describe('NewPasswordFields', () => {
  it('names and requires both inputs on a named form', () => {
    renderFields({ named: true, labels: { password: 'Password', again: 'Password again' } });
    const first = screen.getByLabelText(/^Password/, { selector: 'input[name="password"]' });
    const again = screen.getByLabelText(/^Password again/);
    expect(first).toHaveProperty('required', true);
    expect(again.getAttribute('name')).toBe('password_again');
    expect(again).toHaveProperty('required', true);
    for (const input of [first, again]) expect(input.getAttribute('autocomplete')).toBe('new-password');
  });

  it('leaves names and required out otherwise, shows the hint and the errors next to their fields', () => {
    renderFields({ description: '8 to 64 characters', errors: { again: 'The passwords differ' } });
    const first = screen.getByLabelText('New password');
    const again = screen.getByLabelText('New password again');
    for (const input of [first, again]) {
      expect(input.hasAttribute('name')).toBe(false);
      expect(input.hasAttribute('required')).toBe(false);
    }
    expect(first.getAttribute('aria-describedby')).toContain('description');
    expect(screen.getByText('8 to 64 characters')).toBeTruthy();
    expect(again.getAttribute('aria-describedby')).toContain('error');
    expect(screen.getByText('The passwords differ')).toBeTruthy();
  });

  it('tells which field changed', () => {
    const onChange = renderFields();
    fireEvent.change(screen.getByLabelText('New password again'), { target: { value: 'xyz' } });
    expect(onChange).toHaveBeenCalledWith('again', 'xyz');
  });
});
