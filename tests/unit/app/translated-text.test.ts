import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nProvider } from '@lingui/react';
import { TranslatedText } from '@/components/translated-text';
import { i18n, loadArea, t } from '@/i18n/i18n';

// A toast made before the account's language arrives (the sign-in's "Signed in") is an element
// that words its message when drawn, not a string worded once: drawn again after a change of
// language, it speaks the new one (src/components/translated-text.tsx).

const draw = (element: ReturnType<typeof createElement>) => renderToString(createElement(I18nProvider, { i18n }, element)).replace(/<!--.*?-->/g, '');

describe('TranslatedText', () => {
  it('words its message in the language shown when it is drawn, where a string keeps the one it was made in', async () => {
    await Promise.all(['en', 'es', 'de'].map((locale) => loadArea(locale as 'en', 'session')));
    i18n.activate('en');
    const toast = createElement(TranslatedText, { area: 'session', id: 'session.toast.signedIn' });
    const madeAsString = t('session.toast.signedIn');
    expect(draw(toast)).toBe('Signed in');

    i18n.activate('es');
    expect(draw(toast)).toBe(t('session.toast.signedIn'));
    expect(draw(toast)).not.toBe('Signed in');
    expect(madeAsString).toBe('Signed in');

    i18n.activate('de');
    expect(draw(toast)).toBe(t('session.toast.signedIn'));
    expect(draw(toast)).not.toBe(draw(createElement(TranslatedText, { area: 'session', id: 'session.toast.signedInGoogle' })));
  });
});
