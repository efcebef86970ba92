import { useEffect, useRef, useState } from 'react';
import {
  Avatar,
  Button,
  Grid,
  Group,
  Loader,
  NavLink,
  Paper,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconSend } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { CHAT_TEXT_MAX } from '#contract/values/template-kit.ts';
import type { ChatContact } from '#contract/schemas/template-kit.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { useRealtimeEvent } from '#src/lib/socket.ts';
import {
  addLiveMessage,
  contactsQuery,
  conversationsQuery,
  messagesQuery,
  useSendMessage,
} from '../api/kit-api.ts';
import { KitPage } from '../components/KitPage.tsx';
import { LoadError } from '../components/LoadError.tsx';

const initials = (name: string) => name.slice(0, 2).toUpperCase();

/** Chat between the shop's employees (issue 14): history on the server, new messages live. */
export function ChatApp({ title, me }: { title: string; me: number }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const contacts = useQuery(contactsQuery(debounced));
  const conversations = useQuery(conversationsQuery());
  const [selected, setSelected] = useState<ChatContact | null>(null);

  useRealtimeEvent('chat:message', (message) => addLiveMessage(queryClient, me, message));

  const contactRow = (c: ChatContact, testId: string, last?: string) => (
    <NavLink
      key={c.user_id}
      active={selected?.user_id === c.user_id}
      onClick={() => setSelected(c)}
      label={c.name}
      description={last ?? `@${c.username}`}
      leftSection={
        <Avatar src={c.img || null} radius="xl" size="md" alt="">
          {initials(c.name)}
        </Avatar>
      }
      data-testid={`${testId}-${c.username}`}
      styles={{
        description: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: 180 },
      }}
    />
  );

  return (
    <KitPage title={title} intro={<Trans>Messages between the employees of the shop, delivered live.</Trans>}>
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="sm">
            <Tabs defaultValue="contacts">
              <Tabs.List grow>
                <Tabs.Tab value="contacts">
                  <Trans>Contacts</Trans>
                </Tabs.Tab>
                <Tabs.Tab value="conversations">
                  <Trans>Conversations</Trans>
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="contacts" pt="sm">
                <TextInput
                  leftSection={<IconSearch size={16} aria-hidden />}
                  placeholder={t`Search by name`}
                  aria-label={t`Search contacts`}
                  value={search}
                  onChange={(event) => setSearch(event.currentTarget.value)}
                  mb="xs"
                  data-testid="chat-search"
                />
                {contacts.isError && !contacts.data ? (
                  <LoadError code="error:getContacts" onRetry={() => void contacts.refetch()} />
                ) : contacts.isPending ? (
                  <Loader size="sm" aria-label={t`Loading`} />
                ) : contacts.data.list.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    <Trans>No colleague matches.</Trans>
                  </Text>
                ) : (
                  contacts.data.list.map((c) => contactRow(c, 'chat-contact'))
                )}
              </Tabs.Panel>
              <Tabs.Panel value="conversations" pt="sm">
                {conversations.isError && !conversations.data ? (
                  <LoadError code="error:getContacts" onRetry={() => void conversations.refetch()} />
                ) : conversations.data?.list.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    <Trans>No conversation yet.</Trans>
                  </Text>
                ) : (
                  conversations.data?.list.map((c) =>
                    contactRow(c.contact, 'chat-conversation-with', c.last_message.text),
                  )
                )}
              </Tabs.Panel>
            </Tabs>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {selected ? (
            <Conversation key={selected.user_id} contact={selected} me={me} />
          ) : (
            <Paper withBorder p="xl">
              <Text c="dimmed" ta="center">
                <Trans>Choose a colleague to start chatting.</Trans>
              </Text>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </KitPage>
  );
}

function Conversation({ contact, me }: { contact: ChatContact; me: number }) {
  const { t } = useLingui();
  const messages = useQuery(messagesQuery(contact.user_id));
  const send = useSendMessage();
  const [text, setText] = useState('');
  const viewport = useRef<HTMLDivElement>(null);
  const count = messages.data?.list.length ?? 0;
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [count]);

  const submit = () => {
    const body = text.trim();
    if (!body) return;
    send.mutate({ to_user_id: contact.user_id, text: body }, { onSuccess: () => setText('') });
  };

  return (
    <Paper withBorder p="sm" data-testid="chat-conversation">
      <Group mb="sm">
        <Avatar src={contact.img || null} radius="xl" alt="">
          {initials(contact.name)}
        </Avatar>
        <Text fw={600}>{contact.name}</Text>
      </Group>
      <ScrollArea h={360} viewportRef={viewport} type="auto">
        {messages.isError && !messages.data ? (
          <LoadError code="error:getContacts" onRetry={() => void messages.refetch()} />
        ) : messages.isPending ? (
          <Loader size="sm" aria-label={t`Loading`} />
        ) : (
          <Stack gap="xs" p="xs" data-testid="chat-messages">
            {messages.data.list.map((m) => {
              const mine = m.from_user_id === me;
              return (
                <Paper
                  key={m.id}
                  p="xs"
                  px="sm"
                  maw="80%"
                  bg={mine ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}
                  style={{ alignSelf: mine ? 'flex-end' : 'flex-start' }}
                  data-testid="chat-message"
                  data-mine={mine}
                >
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {m.text}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(m.created_at, 'HH:mm')}
                  </Text>
                </Paper>
              );
            })}
          </Stack>
        )}
      </ScrollArea>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Group mt="sm" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            aria-label={t`Message`}
            placeholder={t`Write a message`}
            value={text}
            maxLength={CHAT_TEXT_MAX}
            onChange={(event) => setText(event.currentTarget.value)}
            data-testid="chat-input"
          />
          <Button type="submit" loading={send.isPending} leftSection={<IconSend size={16} aria-hidden />}>
            <Trans>Send</Trans>
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
