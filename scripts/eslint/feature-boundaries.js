import path from 'node:path';

/**
 * Feature folders stay apart (ARCHITECTURE.md, convention 1): a file of one feature never imports another
 * feature, and shared code (components, lib, plugins, entities, documents, db...) never imports a feature,
 * so a feature can be read, moved or deleted on its own. Only the composition roots named in the options
 * (the files that wire every feature together: the router, the list of calls, test set-up) may import
 * features. Each layer is a source root with a `features` folder; imports are resolved from the importing
 * file, so `../account/x` and `../../features/account/x` are seen alike.
 */

/** @typedef {{ root: string, composition?: string[] }} Layer */

/** The feature a path belongs to (`features/<name>/…`), or null. @param {string} rel relative to a root, with `/` */
const featureOf = (rel) => {
  const parts = rel.split('/');
  return parts[0] === 'features' && parts.length > 2 ? parts[1] : null;
};

/** @param {string} rel @param {string[]} patterns `dir/**` matches below dir; anything else is one file */
const matches = (rel, patterns) =>
  patterns.some((p) => (p.endsWith('/**') ? rel.startsWith(p.slice(0, -2)) : rel === p));

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature imports no other feature; shared code imports no feature.' },
    schema: [
      {
        type: 'object',
        properties: {
          layers: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                root: { type: 'string' },
                composition: { type: 'array', items: { type: 'string' } },
              },
              required: ['root'],
              additionalProperties: false,
            },
          },
        },
        required: ['layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      crossFeature:
        "Feature '{{from}}' imports feature '{{to}}'. Move what both need to shared code (components, lib, entities, documents) or pass it in from the composition root.",
      sharedImportsFeature:
        "Shared code imports feature '{{to}}'. Shared code must not depend on a feature: move the piece it needs out of the feature, or wire it in a composition root.",
    },
  },
  create(context) {
    const cwd = context.cwd;
    /** @type {Layer[]} */
    const layers = context.options[0]?.layers ?? [];
    const file = path.resolve(cwd, context.filename);
    const layer = layers.find((l) => file.startsWith(path.resolve(cwd, l.root) + path.sep));
    if (!layer) return {};
    const root = path.resolve(cwd, layer.root);
    const relFile = path.relative(root, file).split(path.sep).join('/');
    if (matches(relFile, layer.composition ?? [])) return {};
    const from = featureOf(relFile);

    /** @param {import('estree').Node | null | undefined} source */
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const spec = source.value;
      if (!spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec);
      if (!target.startsWith(root + path.sep)) return;
      const to = featureOf(path.relative(root, target).split(path.sep).join('/'));
      if (!to || to === from) return;
      context.report({
        node: source,
        messageId: from ? 'crossFeature' : 'sharedImportsFeature',
        data: { from: from ?? '', to },
      });
    };

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
