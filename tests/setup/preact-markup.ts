import { options, type VNode } from 'preact';
import 'preact/compat';

// The app runs on Preact's compat layer (vite.config.ts), which turns `translate="no"` into
// `translate={false}`: the DOM's boolean property, which the browser writes as translate="no".
// A string render (the tests' renderToStaticMarkup) drops a false attribute instead, so the
// tests' markup writes it as the browser does, after compat's own changes to each element.
const marked = options as typeof options & { translateAsInBrowser?: true };
if (!marked.translateAsInBrowser) {
  marked.translateAsInBrowser = true;
  const compatVnode = options.vnode;
  options.vnode = (vnode: VNode<{ translate?: unknown }>) => {
    compatVnode?.(vnode);
    if (typeof vnode.type === 'string' && vnode.props.translate === false) vnode.props.translate = 'no';
  };
}
