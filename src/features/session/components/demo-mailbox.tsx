import { useEffect, useState } from 'react';
import { DEMO_PROJECT_ID } from '../../../../domain/contract/demo-project';
import { useT } from '@/i18n/i18n';

/** An emailed code as the (in-browser) emulator lists it. */
interface SentCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/** How often the list is read again while it is shown (a code appears when a form sends it). */
const REFRESH_MS = 2000;

/**
 * Demo builds only: nothing is mailed, so the codes the in-browser identity emulator would
 * have emailed (GET /emulator/v1/projects/<id>/oobCodes, answered by the service worker, at the
 * origin's root like the SDK's calls) are listed here, newest first, with their links.
 */
/** The codes, newest first; null when the worker does not answer yet (before it controls the page). */
async function readSentCodes(): Promise<SentCode[] | null> {
  try {
    const response = await fetch(`/emulator/v1/projects/${DEMO_PROJECT_ID}/oobCodes`);
    if (!response.ok) return null;
    const { oobCodes } = (await response.json()) as { oobCodes?: SentCode[] };
    return [...(oobCodes ?? [])].reverse();
  } catch {
    return null;
  }
}

export function DemoMailbox() {
  const t = useT('session');
  const [codes, setCodes] = useState<SentCode[]>([]);
  useEffect(() => {
    let shown = true;
    const read = () =>
      void readSentCodes().then((next) => {
        if (shown && next) setCodes(next);
      });
    read();
    const timer = setInterval(read, REFRESH_MS);
    return () => {
      shown = false;
      clearInterval(timer);
    };
  }, []);

  return (
    <section aria-labelledby="demo-mailbox-title" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950">
      <h2 id="demo-mailbox-title" className="font-semibold">
        {t('session.mailbox.heading')}
      </h2>
      {codes.length === 0 ? (
        <p className="mt-1 text-slate-600 dark:text-slate-300">{t('session.mailbox.empty')}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {codes.map((code) => (
            <li key={code.oobCode}>
              <a href={code.oobLink} className="font-medium text-indigo-700 underline dark:text-indigo-300">
                {t('session.mailbox.kind', { kind: code.requestType })}
              </a>{' '}
              <span className="text-slate-600 dark:text-slate-300">{t('session.mailbox.to', { email: code.email })}</span>
              <span className="block break-all text-xs text-slate-500 dark:text-slate-400">
                {t('session.mailbox.code')} <code>{code.oobCode}</code>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
