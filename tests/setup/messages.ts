// Components render in English in unit tests: every area's English messages, loaded once.
import { catalogLoaders } from 'virtual:message-catalogs';
import { i18n, loadArea, type Area } from '@/i18n/i18n';

await Promise.all(
  Object.keys(catalogLoaders)
    .filter((name) => name.startsWith('en/'))
    .map((name) => loadArea('en', name.slice('en/'.length) as Area)),
);
i18n.activate('en');
