import { Link } from '@tanstack/react-router';
import { buttonClass } from './button';
import { useT } from '@/i18n/i18n';

export function NotFoundPage() {
  const t = useT('start');
  return (
    <section className="space-y-3 py-16 text-center">
      <h1 className="text-3xl font-semibold">{t('common.notFound.title')}</h1>
      <p className="text-slate-600 dark:text-slate-400">{t('common.notFound.description')}</p>
      <Link to="/" className={buttonClass({ variant: 'secondary', className: 'inline-block' })}>{t('common.notFound.home')}</Link>
    </section>
  );
}
