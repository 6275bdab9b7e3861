// Components render in English in unit tests: every area's English messages, loaded once.
import { areaParts } from 'virtual:message-catalogs';
import { i18n, loadArea, type Area } from '@/i18n/i18n';

await Promise.all(Object.keys(areaParts).map((area) => loadArea('en', area as Area)));
i18n.activate('en');
