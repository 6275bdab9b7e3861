import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SubmitButton } from './submit-button';
import { Button, buttonClass } from '@/components/button';
import { useT } from '@/i18n/i18n';

interface FormActionsProps {
  /** Cancel: back to a page (`to`), or a handler (an inline editor closing); none for a form that stays. */
  cancel?: { to: LinkProps['to'] } | { onClick: () => void };
  busy: boolean;
  busyLabel: string;
  /** The submit button's words ("Save changes"). */
  children: ReactNode;
}

/** A form's Cancel and submit buttons: side by side at the end, stacked (submit on top) on a phone. */
export function FormActions({ cancel, busy, busyLabel, children }: FormActionsProps) {
  const t = useT('common');
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {cancel &&
        ('to' in cancel ? (
          <Link to={cancel.to} className={buttonClass({ variant: 'secondary', className: 'text-center' })}>
            {t('common.form.cancel')}
          </Link>
        ) : (
          <Button variant="secondary" onClick={cancel.onClick}>
            {t('common.form.cancel')}
          </Button>
        ))}
      <SubmitButton busy={busy} busyLabel={busyLabel}>
        {children}
      </SubmitButton>
    </div>
  );
}
