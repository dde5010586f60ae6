// eslint rule `nimbus/operator-layers`: operator/src is a stack of layers (the table in
// eslint.config.js, explained in docs/decisions/operator-layering.md). Code may import its own
// layer and the layers below it, never one above; a folder the table does not name is refused so
// that a new folder is placed on purpose.
import path from 'node:path';

/** `operator/src/<top>/…` → `<top>` (a folder, or a file directly in src such as `main.ts`). */
function topOf(relative) {
  const [first, second] = relative.split('/');
  return second === undefined ? first.replace(/\.js$/, '.ts') : first;
}

function layerOf(relative, layers, files) {
  if (files[relative] !== undefined) return files[relative];
  const top = topOf(relative);
  const index = layers.findIndex((layer) => layer.includes(top));
  return index === -1 ? undefined : index;
}

export const operatorLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'operator/src imports run down its layers, never up' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          layers: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
          files: { type: 'object', additionalProperties: { type: 'integer' } },
        },
        required: ['root', 'layers'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { root, layers, files = {} } = context.options[0];
    const srcRoot = path.resolve(context.cwd, root);
    const from = path.relative(srcRoot, context.filename).split(path.sep).join('/');
    if (from.startsWith('..')) return {};
    const fromLayer = layerOf(from, layers, files);

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.relative(srcRoot, path.resolve(path.dirname(context.filename), source));
      const to = target.split(path.sep).join('/');
      if (to.startsWith('..') || topOf(to) === topOf(from)) return;
      if (fromLayer === undefined) {
        context.report({
          node,
          message: `operator/src/${topOf(from)} is in no layer: add it to the operator-layers table in eslint.config.js.`,
        });
        return;
      }
      const toLayer = layerOf(to, layers, files);
      if (toLayer === undefined) {
        context.report({
          node,
          message: `operator/src/${topOf(to)} is in no layer: add it to the operator-layers table in eslint.config.js.`,
        });
      } else if (toLayer > fromLayer) {
        context.report({
          node,
          message: `${topOf(from)} (layer ${fromLayer}) imports ${topOf(to)} (layer ${toLayer}), above it: move the shared part down or invert the dependency (docs/decisions/operator-layering.md).`,
        });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
