/** The Firebase project id of the Auth emulator and the static demo (a `demo-` id: no real project). */
export const DEMO_PROJECT_ID = 'demo-shop-admin';
