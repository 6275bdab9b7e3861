// The benches' deterministic random numbers (xorshift32), in node and in a page alike: the
// generated orders and users are made in both, from the same seeds, so both see the same rows.

/** Numbers in [0, 1) from `seed`, the same sequence wherever it runs. */
export function xorshift(seed) {
  return () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 4294967296;
  };
}

/**
 * Source text of `factory` for a page (page.evaluate): a factory calling `xorshift` gets it in
 * scope there too. Evaluated, it is the factory itself.
 */
export const pageSource = (factory) => `((xorshift) => (${factory.toString()}))(${xorshift.toString()})`;
