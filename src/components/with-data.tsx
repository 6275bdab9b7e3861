import { Fragment, type ReactNode } from 'react';

/** Stands for a placeholder while the message is worded (a private-use character no message uses). */
const MARK = '\uE000';

/**
 * A translated sentence with the shop's data in it (a product's title, a customer's name):
 * `translate` words the message with each of `data`'s placeholders marked, and the data goes
 * back in as `<span translate="no">`, so the sentence stays whole in every language while the
 * records' own text is known as not the app's.
 */
export function withData(translate: (values: Record<string, string>) => string, data: Record<string, string>): ReactNode {
  const marked = Object.fromEntries(Object.keys(data).map((name) => [name, `${MARK}${name}${MARK}`]));
  return translate(marked)
    .split(new RegExp(`${MARK}(\\w+)${MARK}`))
    .map((part, index) =>
      index % 2 === 1 ? (
        <span key={index} translate="no">
          {data[part]}
        </span>
      ) : (
        <Fragment key={index}>{part}</Fragment>
      ),
    );
}
