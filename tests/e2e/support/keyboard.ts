import type { Page } from '@playwright/test';

/**
 * Keyboard access on the page as it is now, as messages naming the element (`button "Delete
 * Ada": no visible focus indicator`); none when all is well. Cheap: the work is done in the
 * page, one evaluate for the first check and a Tab press per stop for the second.
 *
 * - Every visible, enabled control (links, buttons, form fields, summary, the interactive ARIA
 *   roles, anything with a tabindex ≥ 0 or contenteditable) outside inert and aria-hidden
 *   regions is in the Tab order (tabIndex ≥ 0, or one of a roving-tabindex group — tablist,
 *   radiogroup, listbox, grid, menu, toolbar… — that has exactly one tab stop), and focused as
 *   the keyboard does it, it shows a focus indicator: an outline or a ring (box-shadow) it
 *   lacks unfocused, on itself, a wrapper (`:focus-within`), its label or a sibling (`peer-`).
 * - A real Tab walk, from the top of the page (or of the `walkWithin` element, e.g. `main`,
 *   until focus leaves it): each stop follows the previous one in document order, is visible,
 *   lies in no hidden region and shows an indicator; focus leaves the page (or comes back to
 *   the first stop) with no stop visited twice, so Tab never gets stuck; and every control of
 *   the first check that is in the Tab order (within the walk's element) is reached.
 */
export async function keyboardProblems(page: Page, { walkWithin }: { walkWithin?: string } = {}): Promise<string[]> {
  // A key press first: Chromium shows :focus-visible on a script's focus() after a key, as it
  // does for Tab, but not after a click.
  await page.keyboard.press('Shift');
  const problems = await page.evaluate(installKeyboardCheck, CONTROLS);
  const tabStops = await page.evaluate((within) => {
    keyboardCheckInPage!().startWalk(within);
    return keyboardCheckInPage!().tabStops();
  }, walkWithin ?? null);
  // Tab presses sent straight to the browser (as page.keyboard does), a batch at a time
  // without waiting for each: the browser handles them in order, and it takes a fraction of
  // the time. The first batch is the controls' count, and 10 more at a time after it (a page
  // may have stops that are no controls, e.g. a scrolling region).
  const cdp = await page.context().newCDPSession(page);
  const key = { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9 };
  const pressTab = (times: number) =>
    Promise.all(Array.from({ length: times }).flatMap(() => [cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key }), cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key })]));
  // A page with more stops than this is too long to walk by keyboard anyway.
  for (let pressed = 0, batch = tabStops + 2; pressed < 400; pressed += batch, batch = 10) {
    await pressTab(batch);
    if (await page.evaluate(() => keyboardCheckInPage!().walkEnded())) break;
  }
  await cdp.detach();
  problems.push(...(await page.evaluate(() => keyboardCheckInPage!().finishWalk())));
  await page.evaluate(() => keyboardCheckInPage!().uninstall());
  return problems;
}

const CONTROLS = [
  'a[href]',
  'area[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  'iframe',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex^="-"])',
  ...['button', 'link', 'tab', 'checkbox', 'switch', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'slider', 'combobox', 'spinbutton', 'searchbox', 'textbox', 'treeitem'].map((role) => `[role="${role}"]`),
].join(', ');

interface KeyboardCheck {
  /** Tab presses from here on are recorded: from the top of the page, or of the element `within` selects. */
  startWalk(within: string | null): void;
  /** The number of controls in the Tab order where the walk goes. */
  tabStops(): number;
  walkEnded(): boolean;
  finishWalk(): string[];
  uninstall(): void;
}

declare global {
  /** The check installKeyboardCheck leaves in the page for the Tab walk. */
  var keyboardCheckInPage: (() => KeyboardCheck) | undefined;
}

/**
 * Runs in the page (page.evaluate sends its source, so it is whole): checks every control and
 * leaves `keyboardCheckInPage` for the Tab walk.
 */
function installKeyboardCheck(controlsSelector: string): string[] {
  const ROVING = '[role="tablist"], [role="radiogroup"], [role="listbox"], [role="grid"], [role="treegrid"], [role="tree"], [role="menu"], [role="menubar"], [role="toolbar"]';
  const describe = (el: Element) => {
    const role = el.getAttribute('role');
    const name = (el.getAttribute('aria-label') ?? (el instanceof HTMLElement ? el.innerText : el.textContent) ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const other = el.getAttribute('placeholder') || el.getAttribute('name') || el.getAttribute('data-testid') || el.id;
    return `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ''}${name ? ` "${name}"` : other ? ` (${other})` : ''}`;
  };
  const shown = (el: Element) => {
    const rect = el.getBoundingClientRect();
    return el.checkVisibility({ visibilityProperty: true }) && rect.width > 0 && rect.height > 0;
  };
  const usable = (el: Element) => !el.matches(':disabled') && !el.closest('[inert], [aria-hidden="true"]') && shown(el);
  // Where a focus indicator may show: the element, its wrappers (:focus-within), its labels
  // and its siblings (a visually hidden input drawn by its neighbour).
  const indicatorPlaces = (el: Element) => {
    const places: Element[] = [el];
    for (let up = el.parentElement, level = 0; up && up !== document.body && level < 3; up = up.parentElement, level++) places.push(up);
    if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement || el instanceof HTMLButtonElement) places.push(...(el.labels ?? []));
    if (el.previousElementSibling) places.push(el.previousElementSibling);
    if (el.nextElementSibling) places.push(el.nextElementSibling);
    return places;
  };
  const looks = (places: Element[]) =>
    places.map((place) => {
      const style = getComputedStyle(place);
      return { outlineStyle: style.outlineStyle, outlineWidth: style.outlineWidth, outlineColour: style.outlineColor, outlineOffset: style.outlineOffset, ring: style.boxShadow };
    });
  type Look = ReturnType<typeof looks>[number];
  const transparent = (colour: string) => colour === 'transparent' || /\/\s*0\)$|,\s*0\)$/.test(colour);
  const indicated = (unfocused: Look, focused: Look) => {
    const outline =
      focused.outlineStyle !== 'none' &&
      (focused.outlineStyle === 'auto' || (parseFloat(focused.outlineWidth) > 0 && !transparent(focused.outlineColour))) &&
      (focused.outlineStyle !== unfocused.outlineStyle || focused.outlineWidth !== unfocused.outlineWidth || focused.outlineColour !== unfocused.outlineColour || focused.outlineOffset !== unfocused.outlineOffset);
    const colours = focused.ring.match(/(rgba?|oklch|oklab|lab|lch|hsla?|color)\([^)]*\)|transparent/g) ?? [];
    const ring = focused.ring !== 'none' && focused.ring !== unfocused.ring && colours.some((colour) => !transparent(colour));
    return outline || ring;
  };
  const anyIndicated = (unfocused: Look[], focused: Look[]) =>
    focused.some((look, index) => {
      const before = unfocused[index];
      return before !== undefined && indicated(before, look);
    });

  // Transitions off while checking, so a style reads as it ends, not as it starts. A
  // constructed sheet is no inline style for the CSP, and leaves the DOM as it is.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync('*, *::before, *::after { transition: none !important; }');
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

  const problems: string[] = [];
  const controls = [...document.querySelectorAll<HTMLElement>(controlsSelector)].filter(usable);
  for (const el of controls) {
    if (el.tabIndex < 0) {
      const group = el.closest(ROVING);
      const stops = group ? [...group.querySelectorAll<HTMLElement>(controlsSelector)].filter((member) => member.closest(ROVING) === group && member.tabIndex >= 0 && usable(member)) : [];
      // aria-activedescendant: the group, or the field that controls it, keeps the focus.
      const activeDescendant = group && (group.hasAttribute('aria-activedescendant') || (group.id && document.querySelector(`[aria-activedescendant][aria-controls~="${group.id}"]`)));
      if (!activeDescendant && stops.length !== 1) {
        problems.push(`${describe(el)}: not reachable by Tab (tabIndex ${el.tabIndex}, ${group ? `its ${group.getAttribute('role')} has ${stops.length} tab stops, not 1` : 'in no roving-tabindex group'})`);
      }
      continue;
    }
    const places = indicatorPlaces(el);
    const unfocused = looks(places);
    el.focus({ preventScroll: true, focusVisible: true } as FocusOptions);
    if (document.activeElement !== el) problems.push(`${describe(el)}: does not take the focus`);
    else if (!el.matches(':focus-visible')) problems.push(`${describe(el)}: focused from the keyboard, it does not match :focus-visible`);
    else if (!anyIndicated(unfocused, looks(places))) problems.push(`${describe(el)}: no visible focus indicator (outline or ring)`);
    el.blur();
  }

  // The Tab walk: what each Tab press focuses, recorded here.
  const stops: Element[] = [];
  const walkProblems: string[] = [];
  let region: Element | null = null;
  let ended = false;
  let focusedLook: { places: Element[]; looks: Look[] } | undefined;
  const onFocusIn = (event: FocusEvent) => {
    if (ended) return;
    const el = event.target as Element;
    if (region && !region.contains(el)) {
      ended = true;
      return;
    }
    if (stops.includes(el)) {
      ended = true;
      // Back at the first stop: the walk went round (focus never left the page).
      if (el !== stops[0]) walkProblems.push(`Tab is stuck: after ${stops.length} stops it came back to ${describe(el)}`);
      return;
    }
    stops.push(el);
    if (!usable(el)) walkProblems.push(`Tab stop ${stops.length}, ${describe(el)}: ${el.closest('[inert], [aria-hidden="true"]') ? 'inside a hidden region' : 'not visible'}`);
    const previous = stops.at(-2);
    if (previous?.isConnected && !(previous.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) walkProblems.push(`Tab stop ${stops.length}, ${describe(el)}: comes before the previous stop (${describe(previous)}) in the page`);
    // Controls were checked above; any other stop (a scrolling region, say) is checked as it
    // loses the focus.
    if (!controls.includes(el as HTMLElement)) {
      const places = indicatorPlaces(el);
      focusedLook = { places, looks: looks(places) };
    }
  };
  const onFocusOut = (event: FocusEvent) => {
    const el = event.target as Element;
    if (focusedLook?.places[0] === el) {
      if (!anyIndicated(looks(focusedLook.places), focusedLook.looks)) walkProblems.push(`Tab stop ${stops.indexOf(el) + 1}, ${describe(el)}: no visible focus indicator (outline or ring)`);
      focusedLook = undefined;
    }
    // Focus leaving the page after its last stop (for the browser's own controls).
    if (!ended && event.relatedTarget === null) {
      setTimeout(() => {
        if (document.activeElement === document.body || document.activeElement === null) ended = true;
      });
    }
  };

  const check: KeyboardCheck = {
    startWalk(within) {
      region = within ? document.querySelector(within) : null;
      if (within && !region) throw new Error(`The Tab walk's region ${within} is not on the page`);
      // Start at the top: the body (or the region) takes the focus for a moment, which makes
      // it the sequential focus navigation starting point: the next Tab goes to its first stop.
      const start = (region ?? document.body) as HTMLElement;
      const tabIndex = start.getAttribute('tabindex');
      (document.activeElement as HTMLElement | null)?.blur();
      start.tabIndex = -1;
      start.focus({ preventScroll: true });
      if (tabIndex === null) start.removeAttribute('tabindex');
      else start.setAttribute('tabindex', tabIndex);
      document.addEventListener('focusin', onFocusIn, true);
      document.addEventListener('focusout', onFocusOut, true);
    },
    walkEnded: () => ended,
    tabStops: () => controls.filter((el) => el.tabIndex >= 0 && (!region || region.contains(el))).length,
    finishWalk() {
      if (!ended) walkProblems.push(`Tab is stuck at ${document.activeElement ? describe(document.activeElement) : 'nothing'}: ${stops.length} stops and it has not reached the end of the ${region ? describe(region) : 'page'}`);
      else {
        const reached = new Set(stops);
        const radiosReached = new Set(stops.filter((el) => el instanceof HTMLInputElement && el.type === 'radio').map((el) => (el as HTMLInputElement).name));
        for (const el of controls) {
          if (el.tabIndex < 0 || reached.has(el) || !el.isConnected || (region && !region.contains(el))) continue;
          if (el instanceof HTMLInputElement && el.type === 'radio' && radiosReached.has(el.name)) continue;
          walkProblems.push(`${describe(el)}: in the Tab order, but Tab never reaches it`);
        }
      }
      return walkProblems;
    },
    uninstall() {
      document.removeEventListener('focusin', onFocusIn, true);
      document.removeEventListener('focusout', onFocusOut, true);
      (document.activeElement as HTMLElement | null)?.blur();
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
      globalThis.keyboardCheckInPage = undefined;
    },
  };
  globalThis.keyboardCheckInPage = () => check;
  return problems;
}
