import { Fragment, type ReactNode } from 'react';

/**
 * A translated message with markup in it ("We sent a link to <strong>{email}</strong>."): each
 * `<tag>…</tag>` becomes what `tags[tag]` makes of its text, the rest stays text. Lets a
 * sentence keep its word order in every language instead of being glued from pieces.
 * Tags do not nest; a tag with no renderer shows its text plain.
 */
export function richText(message: string, tags: Record<string, (text: string) => ReactNode>): ReactNode {
  const parts: ReactNode[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>/gs;
  let last = 0;
  for (const match of message.matchAll(pattern)) {
    const [whole, tag = '', text = ''] = match;
    if (match.index > last) parts.push(message.slice(last, match.index));
    const render = tags[tag];
    parts.push(<Fragment key={match.index}>{render ? render(text) : text}</Fragment>);
    last = match.index + whole.length;
  }
  if (last < message.length) parts.push(message.slice(last));
  return <>{parts}</>;
}

/** The common case: `<strong>` as bold. */
export const strong = (text: string) => <strong>{text}</strong>;

/** `<strong>` around a record's own text (an email, a file name): bold, and not the app's words to translate. */
export const strongData = (text: string) => <strong translate="no">{text}</strong>;
