/**
 * Just enough of the DOM for Preact (the app's renderer) to mount components in Node, and for a
 * test to find a control by its role and accessible name and click it. The app's unit tests run in
 * Node without jsdom or happy-dom; this is the part of a document a mounted tree and a click use:
 * nodes and their order, attributes, styles, listeners and bubbling events. No layout (every box
 * is empty) and no CSS.
 */

const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

type Listener = (this: TinyElement, event: TinyEvent) => unknown;

abstract class TinyNode {
  abstract readonly nodeType: number;
  parentNode: TinyElement | null = null;
  readonly childNodes: TinyNode[] = [];

  constructor(readonly ownerDocument: TinyDocument) {}

  get firstChild(): TinyNode | null {
    return this.childNodes[0] ?? null;
  }

  get nextSibling(): TinyNode | null {
    const siblings = this.parentNode?.childNodes;
    return siblings?.[siblings.indexOf(this) + 1] ?? null;
  }

  abstract get textContent(): string;

  remove() {
    const siblings = this.parentNode?.childNodes;
    siblings?.splice(siblings.indexOf(this), 1);
    this.parentNode = null;
  }
}

class TinyText extends TinyNode {
  readonly nodeType = 3;

  constructor(
    ownerDocument: TinyDocument,
    public data: string,
  ) {
    super(ownerDocument);
  }

  get textContent() {
    return this.data;
  }
}

/** A click and the like: it bubbles from its target up to the root unless stopped. */
export class TinyEvent {
  readonly bubbles = true;
  target: TinyElement | null = null;
  currentTarget: TinyElement | null = null;
  cancelBubble = false;
  defaultPrevented = false;

  constructor(readonly type: string) {}

  stopPropagation() {
    this.cancelBubble = true;
  }

  preventDefault() {
    this.defaultPrevented = true;
  }
}

export class TinyElement extends TinyNode {
  readonly nodeType = 1;
  readonly attributes = new Map<string, string>();
  readonly style: Record<string, string> & { cssText: string; setProperty: (name: string, value: string) => void };
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(
    ownerDocument: TinyDocument,
    readonly localName: string,
    readonly namespaceURI: string = HTML_NAMESPACE,
  ) {
    super(ownerDocument);
    const style: Record<string, string> = { cssText: '' };
    this.style = Object.assign(style, { cssText: '', setProperty: (name: string, value: string) => void (style[name] = value) });
  }

  get textContent(): string {
    return this.childNodes.map((child) => child.textContent).join('');
  }

  /** Replaces the children with this text (React's render empties its container so). */
  set textContent(text: string) {
    for (const child of [...this.childNodes]) child.remove();
    if (text) this.appendChild(this.ownerDocument.createTextNode(text));
  }

  insertBefore(node: TinyNode, before: TinyNode | null): TinyNode {
    node.remove();
    const at = before ? this.childNodes.indexOf(before) : -1;
    this.childNodes.splice(at === -1 ? this.childNodes.length : at, 0, node);
    node.parentNode = this;
    return node;
  }

  appendChild(node: TinyNode): TinyNode {
    return this.insertBefore(node, null);
  }

  setAttribute(name: string, value: unknown) {
    this.attributes.set(name, String(value));
  }

  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }

  removeAttribute(name: string) {
    this.attributes.delete(name);
  }

  addEventListener(type: string, listener: Listener) {
    const listeners = this.listeners.get(type) ?? new Set();
    this.listeners.set(type, listeners.add(listener));
  }

  removeEventListener(type: string, listener: Listener) {
    this.listeners.get(type)?.delete(listener);
  }

  dispatchEvent(event: TinyEvent): boolean {
    event.target = this;
    for (let at: TinyElement | null = event.target; at && !event.cancelBubble; at = at.parentNode) {
      event.currentTarget = at;
      for (const listener of at.listeners.get(event.type) ?? []) listener.call(at, event);
    }
    return !event.defaultPrevented;
  }

  /** A layout-less box (a toast measures its height). */
  getBoundingClientRect() {
    return { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0 };
  }
}

export class TinyDocument {
  readonly nodeType = 9;
  readonly body: TinyElement = new TinyElement(this, 'body');

  createElementNS(namespace: string | null, name: string): TinyElement {
    return new TinyElement(this, name, namespace ?? HTML_NAMESPACE);
  }

  createElement(name: string): TinyElement {
    return this.createElementNS(HTML_NAMESPACE, name);
  }

  createTextNode(data: string): TinyText {
    return new TinyText(this, data);
  }
}

/** The role an element has: its `role` attribute, or a button's own. */
const roleOf = (element: TinyElement) => element.getAttribute('role') ?? (element.localName === 'button' ? 'button' : null);

/** Its accessible name, as far as these elements go: `aria-label`, else its text. */
const nameOf = (element: TinyElement) => (element.getAttribute('aria-label') ?? element.textContent).trim();

function* elementsUnder(root: TinyElement): Generator<TinyElement> {
  for (const child of root.childNodes) {
    if (child instanceof TinyElement) {
      yield child;
      yield* elementsUnder(child);
    }
  }
}

/** The elements under `root` of this role and accessible name (a test's "the Reload button"). */
export function allByRole(root: TinyElement, role: string, name: string): TinyElement[] {
  return [...elementsUnder(root)].filter((element) => roleOf(element) === role && nameOf(element) === name);
}

/** The one element of this role and name under `root`; throws if there is none or more than one. */
export function byRole(root: TinyElement, role: string, name: string): TinyElement {
  const found = allByRole(root, role, name);
  if (found.length !== 1) throw new Error(`${found.length} elements of role ${role} named "${name}" in: ${root.textContent}`);
  return found[0]!;
}

/** A user's click on `element`, bubbling as in a browser. */
export function click(element: TinyElement) {
  element.dispatchEvent(new TinyEvent('click'));
}
