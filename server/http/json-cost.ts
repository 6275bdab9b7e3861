/*
 * What parsing a JSON body will cost, read from its bytes before JSON.parse allocates anything.
 * JSON.parse of tiny values costs far more heap than their text: measured on Node 20, an empty
 * object 64 bytes for its 3 (`{},`), an empty array 40, a key of an object with thousands of them
 * about 80, a float 16; strings and small integers about their size. So a body's heap is
 * estimated from its counts of containers, keys and values, and one denser than real writes (an
 * order is about 2 bytes of estimate per byte of text) or nested deeper than any write is refused
 * unparsed: no body can cost more than about 14 times its size (tests/server/hostile-json.test.ts).
 * So is an object of more keys than any write has (a record has tens, a base at most 200): one of
 * 300,000 keys costs no more than 3 times its text to parse, but each later step that copies or
 * names its keys (a write's deep copy, the schema's refusal listing them) costs as much again
 * (tests/server/hostile-clients.test.ts). So is an array of more items than any write has (a bulk
 * write names at most 5,000 records, a push 500 mutations): 500,000 padded empty objects, just
 * under the density limit, took 150 ms of scanning and parsing each and filled the heap with
 * objects the garbage collector then worked through, while the honest members' pushes waited
 * (the hostile bench); refused once its 10,001st item is read, the rest of such a body is never read.
 */

/** Deeper than any write of the /api contract (domain/sync/storable-values.ts refuses past 32 inside a mutation). */
export const MAX_JSON_DEPTH = 40;

/** The most keys of one object (a mutation's query has at most 20, its base 200, a record tens). */
export const MAX_OBJECT_KEYS = 1_000;

/** The most items of one array (a bulk write's records and ids at most 5,000: domain/sync/record-mutations.ts). */
export const MAX_ARRAY_ITEMS = 10_000;

/**
 * The most estimated heap of one body. The densest shape of a body near the push limit (about
 * 8.5 MB at 12 bytes of estimate a byte) would fill most of the server's capped heap once parsed,
 * and a write's processing copies its body (its pending ids mapped on a deep copy): the process
 * ran out of memory on one such push. The densest real writes are about 2.7 (5,000-order
 * imports: 8.5 MB of them about 22 MB).
 */
export const MAX_BODY_HEAP = 32 * 1024 * 1024;

/** Estimated heap per byte of text above which a body is refused. */
export const MAX_HEAP_PER_BYTE = 12;
/** What any small body may cost, whatever its density. */
export const SMALL_BODY_HEAP = 64 * 1024;

export interface JsonCost {
  /** The parsed value's estimated heap, in bytes (weights measured above). */
  heap: number;
  /** The deepest nesting of arrays and objects (counting stops once past MAX_JSON_DEPTH). */
  depth: number;
  /** The most keys of one object (counting stops once past MAX_OBJECT_KEYS). */
  widest: number;
  /** The most items of one array (counting stops once past MAX_ARRAY_ITEMS). */
  longest: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;
const COLON = 0x3a;

const PER_VALUE = 8;
const PER_CONTAINER = 48;
const PER_KEY = 16;

/**
 * The estimated heap and nesting of a JSON text, one chunk after another as it arrives: a body
 * is scanned while it is received (json-body.ts), so one that goes past a limit is refused before
 * the rest of it is read, and no body is scanned in one long pass once it is all there.
 */
export class JsonCostScanner {
  private values = 0;
  private containers = 0;
  private keys = 0;
  private depth = 0;
  private deepest = 0;
  private widest = 0;
  private longest = 0;
  private length = 0;
  // The keys of the open object at each depth (only the innermost one's grow), and the items of the open array.
  private readonly keysAt = new Uint32Array(MAX_JSON_DEPTH + 2);
  private readonly itemsAt = new Uint32Array(MAX_JSON_DEPTH + 2);
  private readonly arrayAt = new Uint8Array(MAX_JSON_DEPTH + 2);
  private inString = false;
  /** The last chunk ended in a string's backslash: the next byte is escaped. */
  private escaped = false;
  /** Past the depth or keys limit: scanning stops (the body is refused). */
  private over = false;

  scan(bytes: Uint8Array): void {
    this.length += bytes.length;
    if (this.over) return;
    let { values, containers, keys, depth, deepest, widest, longest, inString } = this;
    const { keysAt, itemsAt, arrayAt } = this;
    let i = 0;
    if (this.escaped) {
      i = 1;
      this.escaped = false;
    }
    for (; i < bytes.length; i++) {
      const byte = bytes[i]!;
      if (inString) {
        if (byte === BACKSLASH) {
          if (i === bytes.length - 1) this.escaped = true;
          i++;
        } else if (byte === QUOTE) inString = false;
        continue;
      }
      if (byte === QUOTE) inString = true;
      else if (byte === COMMA) {
        values++;
        // A comma in an array starts its next item: the first is counted when the array opens.
        if (arrayAt[depth] === 1 && ++itemsAt[depth]! > longest) {
          longest = itemsAt[depth]!;
          if (longest > MAX_ARRAY_ITEMS) {
            this.over = true;
            break;
          }
        }
      } else if (byte === COLON) {
        keys++;
        if (depth > 0 && ++keysAt[depth]! > widest) {
          widest = keysAt[depth]!;
          if (widest > MAX_OBJECT_KEYS) {
            this.over = true;
            break;
          }
        }
      } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        containers++;
        if (++depth > deepest) {
          deepest = depth;
          if (deepest > MAX_JSON_DEPTH) {
            this.over = true;
            break;
          }
        }
        keysAt[depth] = 0;
        arrayAt[depth] = byte === OPEN_ARRAY ? 1 : 0;
        itemsAt[depth] = 1;
      } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth--;
    }
    Object.assign(this, { values, containers, keys, depth, deepest, widest, longest, inString });
  }

  /** The cost of what has been scanned so far. */
  get cost(): JsonCost {
    return { heap: this.length + PER_VALUE * this.values + PER_CONTAINER * this.containers + PER_KEY * this.keys, depth: this.deepest, widest: this.widest, longest: this.longest };
  }
}

/** The estimated heap and nesting of a JSON text, in one pass over its bytes. */
export function jsonCost(bytes: Uint8Array): JsonCost {
  const scanner = new JsonCostScanner();
  scanner.scan(bytes);
  return scanner.cost;
}

/** Why a body must not be parsed, or undefined when its cost is within bounds. */
export function tooCostly(bytes: Uint8Array, cost = jsonCost(bytes)): string | undefined {
  return costRefusal(bytes.length, cost);
}

/**
 * Why a body of `length` bytes whose scanned part costs `cost` must not be parsed: its nesting,
 * its keys, or an estimate past the most a body of its length may cost (checked as it arrives,
 * with its declared length: a part already past it cannot come back under it).
 */
export function costRefusal(length: number, cost: JsonCost): string | undefined {
  if (cost.depth > MAX_JSON_DEPTH) return `the body is nested more than ${MAX_JSON_DEPTH} levels deep`;
  if (cost.widest > MAX_OBJECT_KEYS) return `the body holds an object of more than ${MAX_OBJECT_KEYS} keys, which no write has`;
  if (cost.heap > SMALL_BODY_HEAP + MAX_HEAP_PER_BYTE * length) return 'the body holds far more values for its size than any write does';
  if (cost.heap > MAX_BODY_HEAP) return 'the body holds more values than any write does';
  if (cost.longest > MAX_ARRAY_ITEMS) return `the body holds an array of more than ${MAX_ARRAY_ITEMS} items, which no write has`;
  return undefined;
}

/** The most a body of `length` bytes may be estimated to cost and still be parsed (tooCostly): what is set aside for it before it is read. */
export const mostHeapOf = (length: number): number => Math.min(MAX_BODY_HEAP, SMALL_BODY_HEAP + MAX_HEAP_PER_BYTE * length);
