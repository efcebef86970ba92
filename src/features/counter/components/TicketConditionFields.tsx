import { Checkbox, Divider, Group, Radio, SimpleGrid, TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { CONDITION_PARTS } from '#contract/values/counter-tickets.ts';
import { CONDITION_PART_WORDS, CONDITION_STATE_WORDS } from '../model/counter-words.ts';
import type { NewTicketState } from './use-new-ticket.ts';

/** The condition checklist at intake: each part ok, damaged or not checked; accessories left; passcode given. */
export function TicketConditionFields({ form }: { form: NewTicketState }) {
  const { t, i18n } = useLingui();
  const { condition, setCondition } = form;
  return (
    <>
      <Divider label={t`Condition at intake`} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {CONDITION_PARTS.map((part) => (
          <Radio.Group
            key={part}
            label={i18n._(CONDITION_PART_WORDS[part])}
            value={condition[part]}
            onChange={(v) => setCondition((old) => ({ ...old, [part]: v }))}
            data-testid={`condition-${part}`}
          >
            <Group gap="sm" mt={4}>
              {(['ok', 'damaged', 'not_checked'] as const).map((state) => (
                <Radio key={state} value={state} label={i18n._(CONDITION_STATE_WORDS[state])} />
              ))}
            </Group>
          </Radio.Group>
        ))}
      </SimpleGrid>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t`Accessories left`}
          placeholder={t`Case, SIM tray, charger…`}
          value={condition.accessories}
          onChange={(e) => {
            const accessories = e.currentTarget.value;
            setCondition((old) => ({ ...old, accessories }));
          }}
          maxLength={100}
          style={{ flex: '1 1 240px' }}
          data-testid="condition-accessories"
        />
        <Checkbox
          label={t`Passcode given`}
          checked={condition.passcode_given}
          onChange={(e) => {
            const passcode_given = e.currentTarget.checked;
            setCondition((old) => ({ ...old, passcode_given }));
          }}
          mb={8}
          data-testid="condition-passcode"
        />
      </Group>
    </>
  );
}
