import { ShopDb } from './db';
import { callerFromRequest } from './auth-token';
import { json, methodNotAllowed } from './http';
import { handleApiRequest, type ApiOptions } from './router';

type DexieOptions = ConstructorParameters<typeof ShopDb>[1];

/** One database per account, named by uid, so admins sharing a device never see each other's data. */
export class AccountDatabases {
  private readonly open = new Map<string, ShopDb>();

  /**
   * @param onUpgradeElsewhere called when a newer version of the app upgrades an open
   *   database (Dexie then closes this connection so the upgrade can go on).
   */
  constructor(
    private readonly dexieOptions?: DexieOptions,
    private readonly onUpgradeElsewhere?: () => void,
  ) {}

  static nameFor(uid: string): string {
    return `shop-admin-${uid}`;
  }

  get(uid: string): ShopDb {
    let db = this.open.get(uid);
    if (!db) {
      db = new ShopDb(AccountDatabases.nameFor(uid), this.dexieOptions);
      db.on('versionchange', (event) => {
        if (event.newVersion) this.onUpgradeElsewhere?.();
      });
      this.open.set(uid, db);
    }
    return db;
  }

  /** Closes and deletes the account's database; it is seeded afresh on next use. */
  async remove(uid: string): Promise<void> {
    const db = this.get(uid);
    this.open.delete(uid);
    await db.delete();
  }
}

export interface SessionOptions extends ApiOptions {
  projectId: string;
  databases: AccountDatabases;
}

/** Every /api call needs a signed-in account; it is answered from that account's database. */
export async function handleAccountRequest(request: Request, { projectId, databases, ...options }: SessionOptions): Promise<Response> {
  const caller = callerFromRequest(request, projectId);
  if (!caller) return json({ message: 'Sign in to use the shop data' }, 401, { 'www-authenticate': 'Bearer' });

  const path = new URL(request.url).pathname.replace(/\/+$/, '');
  if (path === '/api/session/data') {
    if (request.method !== 'DELETE') return methodNotAllowed(request.method, path, ['DELETE']);
    await databases.remove(caller.uid);
    return json({ removed: true });
  }
  return handleApiRequest(request, databases.get(caller.uid), options);
}
