import { createContext, useContext, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { accordionFocusTarget } from './accordion-keys';

interface AccordionState {
  isOpen: (value: string) => boolean;
  toggle: (value: string) => void;
}

const AccordionContext = createContext<AccordionState | null>(null);
const ItemContext = createContext<{ value: string; triggerId: string; contentId: string } | null>(null);

function useAccordion() {
  const state = useContext(AccordionContext);
  if (!state) throw new Error('Accordion parts must be inside <Accordion>');
  return state;
}
function useItem() {
  const item = useContext(ItemContext);
  if (!item) throw new Error('AccordionTrigger and AccordionContent must be inside <AccordionItem>');
  return item;
}

/** Marks the header buttons, so the root finds them in document order, whatever sits between them. */
const TRIGGER_ATTRIBUTE = 'data-accordion-trigger';

interface AccordionProps {
  /** The open items (several may be open at once). */
  value: ReadonlySet<string>;
  onValueChange: (value: Set<string>) => void;
  children: ReactNode;
  className?: string;
}

/**
 * An accordion with Radix's keyboard behaviour (WAI-ARIA accordion pattern): each header is a
 * button in a heading (`aria-expanded`, `aria-controls`) over a region labelled by it; Enter
 * or Space toggles, Up/Down move between headers (wrapping), Home/End go to the first/last.
 * Headers may sit in different groups (FAQ topics) under one root; the keys walk them all.
 * Hand-written rather than @radix-ui/react-accordion: 1.1 KB gzip with its keys against Radix's
 * 2.5 KB over the Radix internals the app already ships (9.2 KB alone; esbuild, minified, React
 * external; 2026-11-27), for the same pattern, checked by support.spec.ts and axe in routes.spec.ts.
 */
export function Accordion({ value, onValueChange, children, className }: AccordionProps) {
  const root = useRef<HTMLDivElement>(null);
  const state: AccordionState = {
    isOpen: (item) => value.has(item),
    toggle: (item) => {
      const next = new Set(value);
      if (!next.delete(item)) next.add(item);
      onValueChange(next);
    },
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (!target.hasAttribute(TRIGGER_ATTRIBUTE) || !root.current) return;
    const triggers = [...root.current.querySelectorAll<HTMLButtonElement>(`[${TRIGGER_ATTRIBUTE}]:not(:disabled)`)];
    const next = accordionFocusTarget(event.key, triggers.indexOf(target as HTMLButtonElement), triggers.length);
    if (next === null) return;
    event.preventDefault();
    triggers[next]?.focus();
  };

  return (
    <AccordionContext.Provider value={state}>
      {/* Handles the keys of the header buttons inside; the div itself is not interactive. */}
      <div ref={root} className={className} onKeyDown={onKeyDown}>
        {children}
      </div>
    </AccordionContext.Provider>
  );
}

/** One item; `id` names its element (a link's target). */
export function AccordionItem({ value, id, children, className }: { value: string; id?: string; children: ReactNode; className?: string }) {
  const generated = useId();
  const open = useAccordion().isOpen(value);
  return (
    <ItemContext.Provider value={{ value, triggerId: `${generated}-trigger`, contentId: `${generated}-content` }}>
      <div id={id} data-state={open ? 'open' : 'closed'} className={className}>
        {children}
      </div>
    </ItemContext.Provider>
  );
}

/** The item's header: a button inside a heading of the given level. */
export function AccordionTrigger({ level = 3, children, className }: { level?: 2 | 3 | 4 | 5 | 6; children: ReactNode; className?: string }) {
  const { isOpen, toggle } = useAccordion();
  const { value, triggerId, contentId } = useItem();
  const open = isOpen(value);
  const Heading = `h${level}` as const;
  return (
    <Heading className="m-0">
      <button
        type="button"
        id={triggerId}
        {...{ [TRIGGER_ATTRIBUTE]: '' }}
        aria-expanded={open}
        aria-controls={contentId}
        data-state={open ? 'open' : 'closed'}
        onClick={() => toggle(value)}
        className={className}
      >
        {children}
        <span aria-hidden="true" className={`ms-auto shrink-0 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}>
          ▾
        </span>
      </button>
    </Heading>
  );
}

/** The item's panel: a region named by its header, hidden while closed. */
export function AccordionContent({ children, className }: { children: ReactNode; className?: string }) {
  const { isOpen } = useAccordion();
  const { value, triggerId, contentId } = useItem();
  return (
    <div role="region" id={contentId} aria-labelledby={triggerId} hidden={!isOpen(value)} className={className}>
      {children}
    </div>
  );
}
