import { Trans } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useT } from '@/i18n/i18n';
import { FaqBrowser } from '@/components/faq-browser';

interface FaqsPageProps {
  /** The search in the URL. */
  search: string;
  /** A FAQ to show open (and scrolled to) on arrival: a link from the overview's search. */
  openFaq?: number | undefined;
  onSearchChange: (search: string) => void;
}

const linkClass = 'text-indigo-700 underline hover:no-underline dark:text-indigo-300';

/** /support/faqs: the FAQs (FaqBrowser), pointing to a ticket or the contact form when the answer is not there. */
export function FaqsPage(props: FaqsPageProps) {
  // The intro's messages are this area's: loaded before it shows.
  useT('support');
  return (
    <FaqBrowser
      {...props}
      intro={
        <Trans
          id="support.faqs.intro"
          components={{
            0: <Link to="/support/create-ticket" className={linkClass} />,
            1: <Link to="/support/contact" className={linkClass} />,
          }}
        />
      }
    />
  );
}
