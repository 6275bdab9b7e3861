import { Link, type LinkProps } from '@tanstack/react-router';

interface RecordNotFoundProps {
  /** What the record is, in lower case: "user", "product". */
  noun: string;
  /** The id from the address. */
  id: string;
  /** The list the "Back to …" link opens, and its name ("users"). */
  listTo: LinkProps['to'];
  listName: string;
}

/** A record's page (e.g. /users/$id) for an id this account has no record with: never a blank form. */
export function RecordNotFound({ noun, id, listTo, listName }: RecordNotFoundProps) {
  return (
    <section className="space-y-3 py-16 text-center">
      <h1 className="text-3xl font-semibold">{noun.charAt(0).toUpperCase() + noun.slice(1)} not found</h1>
      <p className="text-slate-600 dark:text-slate-400">
        There is no {noun} with the id “{id}” on this device. It may have been deleted.
      </p>
      <Link to={listTo} className="btn inline-block">
        Back to {listName}
      </Link>
    </section>
  );
}
