// ESLint rule: text a person reads is never written in a component; it comes from the message
// catalogues (src/i18n/messages, docs/translations.md). Reports JSX text with a letter in it,
// a string with a letter as a JSX child ({'Save'}), and a string with a letter as the value of
// an attribute people read or hear (aria-label, title, placeholder, alt, label...).
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label', 'description']);
const LETTER = /\p{L}/u;

const hasLetters = (node) =>
  (node?.type === 'Literal' && typeof node.value === 'string' && LETTER.test(node.value)) ||
  (node?.type === 'TemplateLiteral' && node.quasis.some((quasi) => LETTER.test(quasi.value.cooked ?? '')));

export const noLiteralText = {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible text comes from the message catalogues' },
    messages: { literal: 'User-visible text "{{text}}": put it in src/i18n/messages/<locale>/<area>.json and use t() (docs/translations.md).' },
    schema: [],
  },
  create(context) {
    const report = (node, text) => context.report({ node, messageId: 'literal', data: { text: text.trim().slice(0, 40) } });
    return {
      JSXText(node) {
        if (LETTER.test(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent?.type === 'JSXAttribute') return;
        if (hasLetters(node.expression)) report(node, node.expression.value ?? node.expression.quasis[0].value.cooked);
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : '';
        if (!READ_ATTRIBUTES.has(name)) return;
        const value = node.value?.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        if (hasLetters(value)) report(node, value.value ?? value.quasis[0].value.cooked);
      },
    };
  },
};

export default { rules: { 'no-literal-text': noLiteralText } };
