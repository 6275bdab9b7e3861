import type { Caller } from '../auth';
import { recordAudit } from '../db/audit';
import type { PoolClient } from '../db/pool';

/** A member change (`invite a@b.c as staff`, `leave the shop`, …) in the shop's audit trail, in the change's transaction. */
export const auditTeamChange = (client: PoolClient, shopId: string, caller: Pick<Caller, 'uid' | 'email'>, name: string) =>
  recordAudit(client, shopId, { uid: caller.uid, email: caller.email, clientId: null, mutationId: null, name, result: 'applied', message: null });
