import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { demoMode } from '@/auth/firebase-config';
import { DemoMailbox } from './demo-mailbox';
import { useT } from '@/i18n/i18n';

/** The centred card the sign-in pages share (in a demo build, with the emails it would have sent). */
export function SessionLayout({ children }: { children: ReactNode }) {
  const t = useT('session');
  return (
    <main id="main-content" className="grid min-h-screen place-items-center bg-slate-50 p-4 dark:bg-slate-950">
      <div className="w-full max-w-md space-y-6 rounded-xl bg-white p-8 shadow dark:bg-slate-900">
        <Link to="/" className="block text-center text-lg font-semibold text-indigo-600 dark:text-indigo-400">
          {t('session.layout.home')}
        </Link>
        {children}
        {/* A build-time constant: normal builds drop the panel and its code. */}
        {demoMode && <DemoMailbox />}
      </div>
    </main>
  );
}
