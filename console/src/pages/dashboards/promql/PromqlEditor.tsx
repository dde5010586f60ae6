import { EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { PromQLExtension, type PrometheusClient } from '@prometheus-io/codemirror-promql';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';

export interface PromqlEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Where completion reads metric names, label names and values; none: keywords only. */
  client?: PrometheusClient | undefined;
  'aria-label': string;
  /** Ctrl/Cmd+Enter, e.g. to run the query. */
  onRun?: () => void;
}

/**
 * CodeMirror 6 with the Prometheus project's PromQL language: highlighting, linting and
 * completion of functions, keywords and (with a client) the cluster's metrics and labels.
 */
export default function PromqlEditor({
  value,
  onChange,
  client,
  onRun,
  ...rest
}: PromqlEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>(null);
  const latest = useRef({ onChange, onRun });
  useEffect(() => {
    latest.current = { onChange, onRun };
  }, [onChange, onRun]);

  useEffect(() => {
    if (!host.current) return undefined;
    const promql = new PromQLExtension().setComplete(client ? { remote: client } : {});
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          keymap.of([
            {
              key: 'Mod-Enter',
              run: () => {
                latest.current.onRun?.();
                return true;
              },
            },
          ]),
          basicSetup,
          promql.asExtension(),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': rest['aria-label'] }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
          EditorView.theme({ '&': { minHeight: '96px', fontSize: '13px' } }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // A new client needs a new editor; value changes are dispatched below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  return (
    <div
      ref={host}
      data-testid="promql-editor"
      style={{ border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden' }}
    />
  );
}
