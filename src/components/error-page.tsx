import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Button } from './button';
import { useT } from '@/i18n/i18n';

export function ErrorPage({ error }: ErrorComponentProps) {
  const router = useRouter();
  const t = useT('start');
  return (
    <section role="alert" className="space-y-3 py-16 text-center">
      <h1 className="text-3xl font-semibold">{t('common.error.title')}</h1>
      <p className="text-slate-500">{error instanceof Error ? error.message : t('common.error.unexpected')}</p>
      <Button variant="secondary" onClick={() => void router.invalidate()}>
        {t('common.action.tryAgain')}
      </Button>
    </section>
  );
}
