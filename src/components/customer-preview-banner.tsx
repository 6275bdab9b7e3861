import { useState } from 'react';
import { endCustomerPreview, isPreviewShop } from '@/lib/customer-preview';
import { runAction } from '@/lib/run-action';
import { Button } from './button';
import { useT } from '@/i18n/i18n';

/**
 * In the portal while the static demo previews it as a customer: whose portal this is, that
 * changes stay in the preview, and the way back to the admin dashboard (the shells follow the
 * preview's end on their own).
 */
export function CustomerPreviewBanner({ shopId, shopName }: { shopId: string | undefined; shopName: string | undefined }) {
  const [leaving, setLeaving] = useState(false);
  const t = useT('common');
  if (!isPreviewShop(shopId)) return null;
  const who = shopName?.replace(/^Preview: /, '');
  // The customer's name in bold inside the sentence, wherever the language puts it.
  const [before, after = ''] = t('common.preview.seeingAs', { who: '\uE000' }).split('\uE000');
  return (
    <div role="region" aria-label={t('common.preview.region')} className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2">
        <p className="min-w-0">
          {who ? (
            <>
              {before}
              <strong translate="no">{who}</strong>
              {after}
            </>
          ) : (
            t('common.preview.seeingAsCustomer')
          )}
        </p>
        <Button
          variant="secondary"
          disabled={leaving}
          aria-busy={leaving}
          onClick={() => {
            setLeaving(true);
            void runAction(endCustomerPreview, t('common.preview.back')).finally(() => setLeaving(false));
          }}
        >
          {t('common.preview.back')}
        </Button>
      </div>
    </div>
  );
}
