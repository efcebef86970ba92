import { useState } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PHONES } from '../content/catalog.ts';
import { KitPage } from '../components/KitPage.tsx';

function Row({ id, position, label }: { id: string; position: number; label: string }) {
  const { t } = useLingui();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
      data-testid="sortable-row"
    >
      <Group wrap="nowrap">
        <span
          {...attributes}
          {...listeners}
          aria-label={t`Move ${label}`}
          style={{ cursor: 'grab', display: 'flex' }}
        >
          <IconGripVertical size={18} aria-hidden />
        </span>
        <Badge variant="light" w={32}>
          {position}
        </Badge>
        <Text>{label}</Text>
      </Group>
    </Paper>
  );
}

/** The bench queue, reordered by drag and drop or the keyboard (@dnd-kit, loaded on this page only). */
export function SortablePage({ title }: { title: string }) {
  const { t } = useLingui();
  const [order, setOrder] = useState(() => PHONES.slice(0, 6).map((p) => p.sku));
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setOrder((o) => arrayMove(o, o.indexOf(String(active.id)), o.indexOf(String(over.id))));
  };
  return (
    <KitPage
      title={title}
      intro={
        <Trans>
          The order phones go on the bench: drag a row, or focus its handle and use Space and the arrows.
        </Trans>
      }
    >
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        // dnd-kit's screen-reader texts are English by default: ours are translated.
        accessibility={{
          screenReaderInstructions: {
            draggable: t`To pick up a row, press Space. Move it with the arrow keys, press Space again to drop it, or Escape to cancel.`,
          },
          announcements: {
            onDragStart: () => t`Picked up.`,
            onDragOver: () => t`Moved.`,
            onDragEnd: () => t`Dropped.`,
            onDragCancel: () => t`Cancelled.`,
          },
        }}
      >
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <Stack gap="xs" maw={520}>
            {order.map((sku, i) => {
              const phone = PHONES.find((p) => p.sku === sku)!;
              return <Row key={sku} id={sku} position={i + 1} label={`${phone.model} · ${phone.imei}`} />;
            })}
          </Stack>
        </SortableContext>
      </DndContext>
    </KitPage>
  );
}
