import { useEffect, useState } from 'react';
import type { User } from 'firebase/auth';
import { sessionFacts } from '@/auth/account-security';
import { describeSessionFacts, readableDate, type SessionFact } from '../data/session-facts';
import { useT } from '@/i18n/i18n';

/** This device's session, in words; read again whenever `version` changes (after a change on this page). */
export function SessionFactsList({ user, version }: { user: User; version: number }) {
  const t = useT('settings');
  const [facts, setFacts] = useState<SessionFact[] | null>(null);
  useEffect(() => {
    let current = true;
    void sessionFacts(user).then((source) => {
      if (current) setFacts(describeSessionFacts(source, readableDate));
    });
    return () => {
      current = false;
    };
  }, [user, version]);

  if (!facts) return <p role="status">{t('settings.facts.reading')}</p>;
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]" data-testid="session-facts">
      {facts.map((fact) => (
        <div key={fact.term} className="contents">
          <dt className="font-medium text-slate-600 dark:text-slate-400">{fact.term}</dt>
          <dd translate={fact.data ? 'no' : undefined}>{fact.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
