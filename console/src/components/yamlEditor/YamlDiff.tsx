import { yaml } from '@codemirror/lang-yaml';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { MergeView } from '@codemirror/merge';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';

const readOnly = [
  basicSetup,
  yaml(),
  EditorState.readOnly.of(true),
  EditorView.editable.of(false),
  EditorView.theme({ '&': { fontSize: '12px' } }),
];

/** The live object beside the edited one, changes marked, collapsed around them. */
export default function YamlDiff({ before, after }: { before: string; after: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return undefined;
    const merge = new MergeView({
      parent: host.current,
      a: { doc: before, extensions: readOnly },
      b: { doc: after, extensions: readOnly },
      collapseUnchanged: { margin: 3, minSize: 6 },
    });
    return () => merge.destroy();
  }, [before, after]);
  return (
    <div
      ref={host}
      data-testid="yaml-diff"
      style={{ border: '1px solid #d9d9d9', borderRadius: 6, maxHeight: 480, overflow: 'auto' }}
    />
  );
}
