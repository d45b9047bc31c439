import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import createDOMPurify from 'dompurify';
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Redo2,
  Table2,
  Underline,
  Undo2,
} from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import {
  contentAsHtml,
  MAX_SITE_IMAGE_BYTES,
  RICH_TEXT_LIMITS,
  type RichTextKind,
  SITE_IMAGE_MESSAGES,
  SITE_IMAGE_TYPES,
  sanitizeRichText,
  visibleCharacters,
} from '../../../contracts/rich-text';
import { cx } from '../../components/ui/cx';
import { serverMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { uploadSiteImage } from './queries';
import { demoteTopHeadings, wordListsToHtmlLists } from './word-paste';

let purify: ReturnType<typeof createDOMPurify> | null = null;
/**
 * What a paste keeps: Word's list paragraphs become real lists, then the one allow-list applies (ADR 021), so
 * the editor shows what will be stored — headings, lists, tables, links; not fonts, colours of a theme or
 * images from elsewhere.
 */
function cleanPastedHtml(html: string): string {
  purify ??= createDOMPurify(window);
  return sanitizeRichText(purify, demoteTopHeadings(wordListsToHtmlLists(html)));
}

export interface RichTextEditorProps {
  /** The visible label (also the editor's accessible name). */
  label: string;
  kind: RichTextKind;
  /** The starting HTML; the editor is uncontrolled afterwards. */
  initialHtml: string;
  /** The HTML ('' when empty) and the characters a reader sees, after every change. */
  onChange: (html: string, characters: number) => void;
  error?: string | undefined;
}

/** Characters the reader will see, as the server counts them. */
export function countCharacters(editor: Editor): number {
  return visibleCharacters(editor.state.doc.textContent);
}

function ToolbarButton({
  icon: Icon,
  label,
  onClick,
  isActive = false,
  disabled = false,
}: {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  isActive?: boolean;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={isActive}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cx(
        'grid size-11 place-items-center rounded-lg text-fg hover:bg-band/10 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-40',
        isActive && 'bg-primary text-white hover:bg-primary',
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}

type Chain = ReturnType<Editor['chain']>;
/** The formatting buttons: each marks itself pressed while the selection has its format. */
const FORMATS: {
  icon: LucideIcon;
  label: string;
  name: string;
  attributes?: object;
  run: (c: Chain) => Chain;
}[] = [
  { icon: Bold, label: 'Bold', name: 'bold', run: (c) => c.toggleBold() },
  { icon: Italic, label: 'Italic', name: 'italic', run: (c) => c.toggleItalic() },
  { icon: Underline, label: 'Underline', name: 'underline', run: (c) => c.toggleUnderline() },
  {
    icon: Heading2,
    label: 'Heading',
    name: 'heading',
    attributes: { level: 2 },
    run: (c) => c.toggleHeading({ level: 2 }),
  },
  {
    icon: Heading3,
    label: 'Subheading',
    name: 'heading',
    attributes: { level: 3 },
    run: (c) => c.toggleHeading({ level: 3 }),
  },
  { icon: List, label: 'Bulleted list', name: 'bulletList', run: (c) => c.toggleBulletList() },
  { icon: ListOrdered, label: 'Numbered list', name: 'orderedList', run: (c) => c.toggleOrderedList() },
];

function Toolbar({ editor, onImage }: { editor: Editor; onImage: () => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      active: FORMATS.map((format) => e.isActive(format.name, format.attributes ?? {})),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const setLink = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? 'https://';
    const href = window.prompt(
      'Link address (https://…, mailto:… or a page of this site such as /leaderboard)',
      previous,
    );
    if (href === null) return;
    if (href.trim() === '') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: href.trim(), target: '_blank' }).run();
  };
  return (
    <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-0.5 border-b border-line p-1">
      {FORMATS.map((format, index) => (
        <ToolbarButton
          key={format.label}
          icon={format.icon}
          label={format.label}
          isActive={state.active[index]}
          onClick={() => format.run(chain()).run()}
        />
      ))}
      <ToolbarButton icon={Link2} label="Link" isActive={state.link} onClick={setLink} />
      <ToolbarButton
        icon={Table2}
        label="Insert table"
        onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
      />
      <ToolbarButton icon={ImagePlus} label="Insert image" onClick={onImage} />
      <ToolbarButton
        icon={Undo2}
        label="Undo"
        disabled={!state.canUndo}
        onClick={() => chain().undo().run()}
      />
      <ToolbarButton
        icon={Redo2}
        label="Redo"
        disabled={!state.canRedo}
        onClick={() => chain().redo().run()}
      />
    </div>
  );
}

/**
 * The rich-text editor (TipTap, ADR 021): headings, bold/italic/underline, lists, links, tables and uploaded
 * images — what the allow-list keeps. Pasting from Word or Google Docs keeps headings, lists and tables. A
 * counter shows the characters against the limit; nothing is ever cut.
 */
export function RichTextEditor({ label, kind, initialHtml, onChange, error }: RichTextEditorProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [characters, setCharacters] = useState(0);
  const [isUploading, setIsUploading] = useState(false);
  const limit = RICH_TEXT_LIMITS[kind].characters;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        blockquote: false,
        code: false,
        codeBlock: false,
        strike: false,
        horizontalRule: false,
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, protocols: ['mailto', 'tel'] },
      }),
      TableKit.configure({ table: { resizable: false } }),
      Image.configure({ allowBase64: false }),
    ],
    content: initialHtml ? cleanPastedHtml(contentAsHtml(initialHtml)) : '',
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        'aria-describedby': `${id}-count${error ? ` ${id}-error` : ''}`,
        class:
          'rich-text-editor min-h-48 max-h-[32rem] overflow-y-auto px-4 py-3 text-fg outline-none [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_a]:text-link [&_a]:underline [&_table]:my-3 [&_table]:border-collapse [&_td]:border [&_td]:border-line [&_td]:p-2 [&_td]:min-w-16 [&_th]:border [&_th]:border-line [&_th]:p-2 [&_th]:bg-band/10 [&_img]:max-w-full [&_img]:h-auto',
      },
      transformPastedHTML: cleanPastedHtml,
    },
    onCreate: ({ editor: e }) => setCharacters(countCharacters(e)),
    onUpdate: ({ editor: e }) => {
      const count = countCharacters(e);
      setCharacters(count);
      onChange(e.isEmpty ? '' : e.getHTML(), count);
    },
    immediatelyRender: true,
  });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !editor) return;
    if (!(SITE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      notify('error', SITE_IMAGE_MESSAGES.wrongType);
      return;
    }
    if (file.size > MAX_SITE_IMAGE_BYTES) {
      notify('error', SITE_IMAGE_MESSAGES.tooLarge);
      return;
    }
    setIsUploading(true);
    try {
      const { url } = await uploadSiteImage(file);
      const alt = window.prompt('Describe the image for people who cannot see it', '') ?? '';
      editor.chain().focus().setImage({ src: url, alt }).run();
      notify('success', SITE_IMAGE_MESSAGES.uploaded);
    } catch (failure) {
      notify('error', serverMessage(failure, SITE_IMAGE_MESSAGES.unreadable));
    } finally {
      setIsUploading(false);
    }
  };

  const isOver = characters > limit;
  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="font-semibold text-fg">
        {label}
      </span>
      <div
        className={cx(
          'rounded-xl border bg-surface focus-within:ring-2 focus-within:ring-primary',
          error || isOver ? 'border-loss' : 'border-line',
        )}
      >
        {editor ? <Toolbar editor={editor} onImage={() => fileInput.current?.click()} /> : null}
        <EditorContent editor={editor} />
      </div>
      <input
        ref={fileInput}
        type="file"
        accept={SITE_IMAGE_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => void onFile(event)}
      />
      <p
        id={`${id}-count`}
        aria-live="polite"
        className={cx('text-sm', isOver ? 'font-medium text-loss' : 'text-muted')}
      >
        {isUploading ? 'Uploading the image... ' : ''}
        {characters.toLocaleString('en-GB')} / {limit.toLocaleString('en-GB')} characters
        {isOver
          ? ` (${(characters - limit).toLocaleString('en-GB')} too many: shorten it before saving)`
          : ''}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-loss">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** For the lazy wrapper: `React.lazy` wants a default export. */
export default RichTextEditor;
