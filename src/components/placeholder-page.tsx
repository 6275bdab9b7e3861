/** A screen whose content comes in a later issue: the route, title and shell already work. */
export function PlaceholderPage({ title, description, level = 1 }: { title: string; description?: string; level?: 1 | 2 }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="space-y-2">
      <Heading className={level === 1 ? 'text-2xl font-semibold' : 'text-xl font-semibold'}>{title}</Heading>
      <p className="text-slate-500 dark:text-slate-400">{description ?? 'This screen is being built.'}</p>
    </section>
  );
}
