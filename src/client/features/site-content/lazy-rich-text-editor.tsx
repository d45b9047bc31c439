import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/ui/spinner';
import type { RichTextEditorProps } from './rich-text-editor';

const Editor = lazy(() => import('./rich-text-editor'));

/**
 * The rich-text editor, loaded only when an admin form shows it: TipTap and ProseMirror stay out of every
 * public page's JavaScript (the 150 kB budget, docs/performance.md).
 */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Spinner label="Loading the editor..." />}>
      <Editor {...props} />
    </Suspense>
  );
}
