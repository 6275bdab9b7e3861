import { useState } from 'react';
import { endCustomerPreview, isPreviewShop } from '@/lib/customer-preview';
import { runAction } from '@/lib/run-action';
import { Button } from './button';

/**
 * In the portal while the static demo previews it as a customer: whose portal this is, that
 * changes stay in the preview, and the way back to the admin dashboard (the shells follow the
 * preview's end on their own).
 */
export function CustomerPreviewBanner({ shopId, shopName }: { shopId: string | undefined; shopName: string | undefined }) {
  const [leaving, setLeaving] = useState(false);
  if (!isPreviewShop(shopId)) return null;
  const who = shopName?.replace(/^Preview: /, '') ?? 'a customer';
  return (
    <div role="region" aria-label="Customer preview" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2">
        <p className="min-w-0">
          You are seeing the portal as <strong>{who}</strong>, over this browser’s demo data. What you do here stays in the preview.
        </p>
        <Button
          variant="secondary"
          disabled={leaving}
          aria-busy={leaving}
          onClick={() => {
            setLeaving(true);
            void runAction(endCustomerPreview, 'Back to the admin dashboard').finally(() => setLeaving(false));
          }}
        >
          Back to the admin dashboard
        </Button>
      </div>
    </div>
  );
}
