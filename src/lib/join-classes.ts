/** Class names joined by spaces, leaving out the empty and the absent. */
export function joinClasses(...classes: readonly (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}
