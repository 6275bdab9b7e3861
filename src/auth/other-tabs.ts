import type { SessionPersistence } from './session-persistence';

/**
 * "Sign out other tabs": the asking tab posts one message on this channel; every other open tab
 * of the app signed in to the same account ends its session, and the asking tab keeps its own.
 *
 * Firebase keeps a remembered ("Remember me") session in storage that every tab of the browser
 * shares: a tab that signs out of it signs all of them out, the asking tab included. So:
 * - the asking tab, if its session is remembered, first moves it into its own tab-only storage
 *   (account-security.ts). That removes the shared session, which signs out every other tab
 *   sharing it (Firebase syncs tabs through that storage), and nothing else can reach it;
 * - a tab whose session is its own (tab-only) signs out when the message comes;
 * - a remembered tab told by a tab-only one signs out too: the shared session is not the
 *   asking tab's, so removing it cannot sign that tab out.
 */
export const SESSION_CHANNEL = 'shop-admin-session';

export interface SignOutOtherTabsMessage {
  type: 'sign-out-other-tabs';
  uid: string;
  senderPersistence: SessionPersistence;
  /** The asking tab: its own listener (another channel object in the same tab) hears the message too. */
  from: string;
}

/** This tab's id on the channel (a reload is a new tab here, which is fine: it asks nothing in between). */
export const thisTab = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Math.random());

/** What a tab does with a message: sign out now, let the shared session's removal sign it out, or nothing. */
export type OtherTabsResponse = 'sign-out' | 'signed-out-with-shared-session' | 'ignore';

const isMessage = (data: unknown): data is SignOutOtherTabsMessage => {
  if (typeof data !== 'object' || data === null) return false;
  const { type, uid, senderPersistence, from } = data as Record<string, unknown>;
  return (
    type === 'sign-out-other-tabs' &&
    typeof uid === 'string' &&
    uid !== '' &&
    typeof from === 'string' &&
    (senderPersistence === 'remembered' || senderPersistence === 'tab')
  );
};

/** This tab as the channel sees it: its id, who is signed in (null: nobody), and how the session is kept. */
export interface TabSession {
  id: string;
  uid: string | null;
  persistence: SessionPersistence;
}

/** How `tab` answers `data`: only other tabs signed in to the same account act. */
export function responseTo(data: unknown, tab: TabSession): OtherTabsResponse {
  if (!isMessage(data) || data.from === tab.id || tab.uid !== data.uid) return 'ignore';
  if (tab.persistence === 'tab' || data.senderPersistence === 'tab') return 'sign-out';
  return 'signed-out-with-shared-session';
}

export function announceSignOutOtherTabs(message: SignOutOtherTabsMessage): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.postMessage(message);
  channel.close();
}

/**
 * Answers other tabs' "Sign out other tabs" while this tab is signed in: `signOut` is called when
 * this tab must end its own session. Returns the unsubscribe function.
 */
export function listenForOtherTabs(tab: () => TabSession, signOut: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (responseTo(event.data, tab()) === 'sign-out') signOut();
  };
  return () => channel.close();
}
