import { yaml } from '@codemirror/lang-yaml';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';

/** A problem to mark in the editor: its 1-based line and what to say. */
export interface LineMark {
  line: number;
  message: string;
}

export interface YamlEditorProps {
  value: string;
  onChange?: (value: string) => void;
  /** Marks shown in the gutter and under the line, recomputed as the text changes. */
  marks?: (text: string) => LineMark[];
  'aria-label': string;
  'data-testid'?: string;
  readOnly?: boolean;
  height?: number;
}

function diagnostics(view: EditorView, marks: LineMark[]): Diagnostic[] {
  const { doc } = view.state;
  return marks.map(({ line, message }) => {
    const at = doc.line(Math.min(Math.max(line, 1), doc.lines));
    return { from: at.from, to: at.to, severity: 'error', message };
  });
}

/**
 * CodeMirror 6 with YAML language support (highlighting, folding, indentation) and line marks.
 * The editor owns its text; `value` replaces it only when it differs (a file upload, a reset).
 */
export default function YamlEditor({
  value,
  onChange,
  marks,
  readOnly = false,
  height = 420,
  ...rest
}: YamlEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>(null);
  // The latest callbacks, read by the editor's listeners without recreating it.
  const latest = useRef({ onChange, marks });
  useEffect(() => {
    latest.current = { onChange, marks };
  }, [onChange, marks]);

  useEffect(() => {
    if (!host.current) return undefined;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          yaml(),
          lintGutter(),
          linter((v) => diagnostics(v, latest.current.marks?.(v.state.doc.toString()) ?? []), {
            delay: 300,
          }),
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
          EditorView.contentAttributes.of({ 'aria-label': rest['aria-label'] }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange?.(update.state.doc.toString());
          }),
          EditorView.theme({ '&': { height: `${height}px`, fontSize: '12px' } }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is made once; value changes are dispatched below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  return (
    <div
      ref={host}
      data-testid={rest['data-testid'] ?? 'yaml-editor'}
      style={{ border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden' }}
    />
  );
}
