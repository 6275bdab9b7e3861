import { useT } from '@/i18n/i18n';
export function PageLoading() {
  const t = useT('start');
  return (
    <div role="status" className="py-16 text-center text-slate-500">
      {t('common.loading')}
    </div>
  );
}
