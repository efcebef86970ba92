import '@mantine/tiptap/styles.css';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { Paper, Text } from '@mantine/core';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Trans, useLingui } from '@lingui/react/macro';
import { KitPage } from '../components/KitPage.tsx';

/** Rich text with Mantine's editor (@mantine/tiptap, loaded on this page only): a repair report. */
export function EditorsPage({ title }: { title: string }) {
  const { t } = useLingui();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link],
    content: `<h3>${t`Repair report`}</h3><p>${t`Screen replaced, Face ID tested, battery at 91%.`}</p><ul><li>${t`Part: original screen assembly`}</li><li>${t`Warranty: 90 days`}</li></ul>`,
    immediatelyRender: false,
    editorProps: { attributes: { 'aria-label': t`Repair report` } },
  });
  return (
    <KitPage title={title}>
      <Paper withBorder>
        <RichTextEditor editor={editor}>
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Strikethrough />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H3 />
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Undo />
              <RichTextEditor.Redo />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
          <RichTextEditor.Content />
        </RichTextEditor>
      </Paper>
      <Text size="sm" c="dimmed">
        <Trans>The text stays on this page; nothing is sent.</Trans>
      </Text>
    </KitPage>
  );
}
