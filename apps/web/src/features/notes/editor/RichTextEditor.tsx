import type { RichTextNode } from '@bufete/shared/values/notas';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Heading2, Italic, Link2, List, ListOrdered } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** The note editor (TipTap): bold, italics, headings, lists and links, kept as a structured document. */
export default function RichTextEditor({ value, onChange, id, label }: { value: RichTextNode; onChange: (doc: RichTextNode) => void; id: string; label: string }) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], isAllowedUri: (url) => /^(https?:\/\/|mailto:)/i.test(url) },
      }),
    ],
    content: value,
    onUpdate: ({ editor: current }) => onChange(current.getJSON() as RichTextNode),
    editorProps: {
      attributes: { id, 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', class: 'rich-text min-h-32 px-3 py-2 focus:outline-none' },
    },
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      heading: current?.isActive('heading', { level: 2 }) ?? false,
      bullet: current?.isActive('bulletList') ?? false,
      ordered: current?.isActive('orderedList') ?? false,
      link: current?.isActive('link') ?? false,
    }),
  });
  const [linking, setLinking] = useState<string | null>(null);

  const tool = (active: boolean | undefined, labelText: string, Icon: typeof Bold, run: () => void) => (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className={cn('size-8 px-0', active && 'bg-slate-200')}
      aria-label={labelText}
      aria-pressed={!!active}
      // The editor keeps the focus while a format button is pressed: otherwise
      // focus returns to the text a moment later and the first letters typed are lost.
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      <Icon aria-hidden />
    </Button>
  );

  const applyLink = () => {
    if (!editor || linking === null) return;
    const href = linking.trim();
    if (!href) editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else if (/^(https?:\/\/|mailto:)/i.test(href)) editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    else
      editor
        .chain()
        .focus()
        .extendMarkRange('link')
        .setLink({ href: `https://${href}` })
        .run();
    setLinking(null);
  };

  return (
    <div className="rounded-lg border border-border bg-white shadow-sm focus-within:border-primary focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-primary">
      <div className="flex flex-wrap items-center gap-0.5 border-b border-border p-1" role="toolbar" aria-label="Formato del texto">
        {tool(state?.bold, 'Negrita', Bold, () => editor?.chain().focus().toggleBold().run())}
        {tool(state?.italic, 'Cursiva', Italic, () => editor?.chain().focus().toggleItalic().run())}
        {tool(state?.heading, 'Título', Heading2, () => editor?.chain().focus().toggleHeading({ level: 2 }).run())}
        {tool(state?.bullet, 'Lista', List, () => editor?.chain().focus().toggleBulletList().run())}
        {tool(state?.ordered, 'Lista numerada', ListOrdered, () => editor?.chain().focus().toggleOrderedList().run())}
        {tool(state?.link, 'Enlace', Link2, () => setLinking(editor?.getAttributes('link').href ?? ''))}
      </div>
      {linking !== null ? (
        <div className="flex gap-2 border-b border-border p-2">
          <Input
            autoFocus
            value={linking}
            onChange={(e) => setLinking(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              }
              if (e.key === 'Escape') setLinking(null);
            }}
            placeholder="https://..."
            aria-label="Dirección del enlace"
            className="h-8"
          />
          <Button type="button" size="sm" onClick={applyLink}>
            Aplicar
          </Button>
        </div>
      ) : null}
      <EditorContent editor={editor} />
    </div>
  );
}
