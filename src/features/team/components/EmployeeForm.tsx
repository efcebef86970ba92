import { useState, type FormEvent } from 'react';
import { Button, PasswordInput, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Role } from '#contract/roles.ts';
import type { EmployeeRow } from '#contract/schemas/team.ts';
import { newPasswordProblem, phoneProblem, realNameProblem, usernameProblem } from '#src/lib/form-rules.ts';
import { useFieldErrors } from '#src/lib/use-field-errors.ts';
import { useAddEmployee, useEditUser } from '../api/team-api.ts';

type Field = 'username' | 'password' | 'real_name' | 'phone';

/** Adds an employee (no `employee`) or edits one: name, role, disabled, password reset. */
export function EmployeeForm({ employee, onDone }: { employee?: EmployeeRow; onDone(): void }) {
  const { t, i18n } = useLingui();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [realName, setRealName] = useState(employee?.real_name ?? '');
  const [phone, setPhone] = useState('');
  const [role, setRole] = useState<string>(String(employee?.role ?? Role.Editor));
  const [disabled, setDisabled] = useState(employee?.disabled ?? false);
  const { errors, check } = useFieldErrors<Field>();
  const add = useAddEmployee();
  const edit = useEditUser();
  const roleValue = role === '0' ? Role.Admin : Role.Editor;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!employee) {
      const valid = check({
        username: usernameProblem(username),
        password: newPasswordProblem(password),
        real_name: realNameProblem(realName),
        phone: phone.trim() ? phoneProblem(phone) : null,
      });
      if (!valid) return;
      add.mutate(
        {
          username: username.trim(),
          password,
          real_name: realName.trim(),
          role: roleValue,
          phone_number: phone.trim() || undefined,
        },
        { onSuccess: onDone },
      );
      return;
    }
    const valid = check({
      username: null,
      password: password ? newPasswordProblem(password) : null,
      real_name: realNameProblem(realName),
      phone: null,
    });
    if (!valid) return;
    edit.mutate(
      {
        user_id: employee.user_id,
        real_name: realName.trim(),
        role: roleValue,
        disabled,
        new_password: password || undefined,
      },
      { onSuccess: onDone },
    );
  };

  const shown = (field: Field) => (errors[field] ? i18n._(errors[field]) : undefined);
  return (
    <form onSubmit={onSubmit} noValidate data-testid="employee-form">
      <Stack>
        {employee ? (
          <Text fw={600}>{employee.username}</Text>
        ) : (
          <TextInput
            label={t`Username`}
            name="username"
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            error={shown('username')}
            required
          />
        )}
        <TextInput
          label={t`Name`}
          name="real_name"
          value={realName}
          onChange={(e) => setRealName(e.currentTarget.value)}
          error={shown('real_name')}
          required
        />
        <PasswordInput
          label={employee ? t`Reset password (leave empty to keep)` : t`Password`}
          name="password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={shown('password')}
          autoComplete="new-password"
          required={!employee}
        />
        {!employee && (
          <TextInput
            label={t`Phone number (optional)`}
            name="phone"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={shown('phone')}
            inputMode="tel"
            maxLength={11}
          />
        )}
        <RolePicker role={role} onChange={setRole} />
        {employee && (
          <Switch
            label={t`Disabled (cannot sign in)`}
            checked={disabled}
            onChange={(e) => setDisabled(e.currentTarget.checked)}
          />
        )}
        <Button type="submit" loading={add.isPending || edit.isPending}>
          {employee ? t`Save` : t`Add employee`}
        </Button>
      </Stack>
    </form>
  );
}

/** The employee's role, editor or admin, as a labelled segmented control. */
function RolePicker({ role, onChange }: { role: string; onChange: (role: string) => void }) {
  const { t } = useLingui();
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id="role-label">
        <Trans>Role</Trans>
      </Text>
      <SegmentedControl
        aria-labelledby="role-label"
        value={role}
        onChange={onChange}
        data={[
          { value: String(Role.Editor), label: t`Editor` },
          { value: String(Role.Admin), label: t`Admin` },
        ]}
      />
    </div>
  );
}
