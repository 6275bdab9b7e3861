/** Durations of consecutive phases of a call, as a Server-Timing header value. */
export function phaseTimer() {
  const phases: string[] = [];
  let last = performance.now();
  return {
    end(name: string) {
      const now = performance.now();
      phases.push(`${name};dur=${(now - last).toFixed(1)}`);
      last = now;
    },
    header: () => phases.join(', '),
  };
}
