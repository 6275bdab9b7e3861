import { Link } from '@tanstack/react-router';
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
  return (
    <FaqBrowser
      {...props}
      intro={
        <>
          Answers to the questions we hear most. Not there?{' '}
          <Link to="/support/create-ticket" className={linkClass}>
            Create a ticket
          </Link>{' '}
          or{' '}
          <Link to="/support/contact" className={linkClass}>
            contact us
          </Link>
          .
        </>
      }
    />
  );
}
