/** What the Auth service says of an account: whether it is disabled, and since when its tokens count (ms since the epoch). */
export interface AccountState {
  disabled: boolean;
  validAfterMs?: number;
}

/** Looks accounts up by uid, up to `AccountChecks.BATCH` at once; an account not found is missing from the answer. */
export type AccountLookup = (uids: string[]) => Promise<Map<string, AccountState>>;

interface Waiting {
  resolve: (state: AccountState | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Whether a verified token's account may still sign in (exists, is enabled, its tokens were not
 * revoked after the token's sign-in): what firebase-admin's `checkRevoked` asks of the Auth
 * service, one account per request. Here the accounts asked about within `windowMs` (25 ms: a
 * token is checked once a minute, so that wait is rare) go in one lookup of up to BATCH of them: a change every customer sees wakes ten thousand devices whose
 * tokens were verified over a minute ago, and each of their pulls would otherwise cost a request
 * to the Auth service (a hundred here instead).
 */
export class AccountChecks {
  static readonly BATCH = 100;
  private waiting = new Map<string, Waiting[]>();
  private timer: NodeJS.Timeout | undefined;
  /** Lookups made (for tests and metrics). */
  lookups = 0;

  constructor(
    private readonly lookup: AccountLookup,
    private readonly windowMs = 25,
  ) {}

  /** The account's state, undefined when there is no such account. */
  state(uid: string): Promise<AccountState | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(uid);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(uid, [{ resolve, reject }]);
      if (this.waiting.size >= AccountChecks.BATCH) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.windowMs);
    });
  }

  /** Whether a token signed in at `authTimeSeconds` of this account is still good. */
  static allows(state: AccountState | undefined, authTimeSeconds: number): boolean {
    if (!state || state.disabled) return false;
    return state.validAfterMs === undefined || !(authTimeSeconds * 1000 < state.validAfterMs);
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting;
    this.waiting = new Map();
    if (!batch.size) return;
    this.lookups++;
    this.lookup([...batch.keys()]).then(
      (states) => {
        for (const [uid, waiters] of batch) for (const w of waiters) w.resolve(states.get(uid));
      },
      (error: unknown) => {
        for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
      },
    );
  }
}
